export * from "./create-package.ts";
export * from "./delete-package.ts";
export * from "./find-package.ts";
export * from "./get-package.ts";
export * from "./list-packages.ts";
export * from "./package-access.ts";
export * from "./set-package-groups.ts";
export * from "./update-package.ts";
