import { type DestinationStream, pino } from "pino";

// Query parameters that carry secrets (reset links) never reach the logs; neither do cookies or
// Authorization headers.
const redactUrl = (url: string) => url.replace(/([?&](?:token|password)=)[^&]*/gi, "$1[redacted]");

/** `destination` (default stdout) lets a test read the log lines. */
export function createLogger(level: string, destination?: DestinationStream) {
  const options = {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
    redact: [
      "req.headers.authorization",
      "req.headers.cookie",
      'res.headers["set-cookie"]',
      "*.password",
      "*.token",
      "*.ssnLast4",
      "*.dateOfBirth",
    ],
  };
  return destination ? pino(options, destination) : pino(options);
}

export type AppLogger = ReturnType<typeof createLogger>;
