import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/api-error.ts";
import { showServerError } from "./server-errors.ts";

type Values = { name: string; description: string; roleIds: string[] };
const fields = ["name", "description", "roleIds"] as const;

function target() {
  const setError = vi.fn();
  return { setError, fields, duplicateField: "name" as const };
}

describe("showServerError", () => {
  it("puts field errors of a bad request under their fields", () => {
    const t = target();
    const error = new ApiError({
      status: 400,
      code: "BAD_REQUEST",
      message: "Bad request.",
      details: [
        { path: "name", message: "Too long" },
        { path: "body.roleIds.1", message: "Invalid UUID" },
      ],
    });
    expect(showServerError<Values>(error, t)).toBeNull();
    expect(t.setError).toHaveBeenCalledWith("name", { type: "server", message: "Too long" });
    expect(t.setError).toHaveBeenCalledWith("roleIds", { type: "server", message: "Invalid UUID" });
  });

  it("keeps details the form has no field for in the form message", () => {
    const t = target();
    const error = new ApiError({
      status: 400,
      code: "BAD_REQUEST",
      message: "Bad request.",
      details: [{ path: "version", message: "Required" }],
    });
    expect(showServerError<Values>(error, t)).toBe("Bad request. version: Required");
  });

  it("shows a duplicate under the name", () => {
    const t = target();
    const error = new ApiError({ status: 409, code: "ALREADY_EXISTS", message: "This group already exists" });
    expect(showServerError<Values>(error, t)).toBeNull();
    expect(t.setError).toHaveBeenCalledWith("name", { type: "server", message: "This group already exists" });
  });

  it("keeps other conflicts that share the 409 code in the form message", () => {
    const t = target();
    const error = new ApiError({ status: 409, code: "ALREADY_EXISTS", message: "Member already added" });
    expect(showServerError<Values>(error, t)).toBe("Member already added");
    expect(t.setError).not.toHaveBeenCalled();
  });

  it("answers other refusals as the form message", () => {
    const t = target();
    const error = new ApiError({ status: 409, code: "VERSION_NOT_MATCHED", message: "Version not matched" });
    expect(showServerError<Values>(error, t)).toBe("Version not matched");
    expect(t.setError).not.toHaveBeenCalled();
  });

  it("stays quiet when the client already navigated to an error page", () => {
    const error = new ApiError({ status: 500, code: "INTERNAL", message: "x" });
    error.handled = true;
    expect(showServerError<Values>(error, target())).toBeNull();
  });
});
