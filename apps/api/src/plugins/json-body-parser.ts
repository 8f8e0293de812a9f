import { JSON_BODY_MESSAGES, readJsonBodyText } from "@signet/contract";
import { AppError } from "@signet/core";
import type { FastifyInstance } from "fastify";
import secureJsonParse from "secure-json-parse";

const refused = (message: string) => new AppError("BAD_REQUEST", `${message}.`, [{ path: "body", message }]);

/**
 * The one JSON body parser of a listener (in place of Fastify's own): bytes that are not UTF-8 and
 * bodies nested deeper than MAX_JSON_DEPTH are 400s naming the rule before anything walks them, and
 * `__proto__`/`constructor.prototype` keys are refused as Fastify's parser does.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    const bytes = body as Buffer;
    // an empty body is no JSON value: the route's schema decides whether it needs one
    if (bytes.length === 0) return done(null, undefined);
    const reading = readJsonBodyText(bytes);
    if (!reading.ok) return done(refused(reading.message), undefined);
    try {
      done(null, secureJsonParse.parse(reading.text, undefined, { protoAction: "error", constructorAction: "error" }));
    } catch {
      done(refused(JSON_BODY_MESSAGES.invalidJson), undefined);
    }
  });
}
