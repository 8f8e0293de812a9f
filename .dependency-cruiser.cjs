// `pnpm cycles`: no runtime import cycle in our own code (issue 37 §1). Type-only imports are left
// out (they vanish when compiled); the generated Prisma client is not ours to shape.
module.exports = {
  forbidden: [
    {
      name: "no-runtime-import-cycle",
      comment: "A module must not import itself through others: split the shared part out, or pass it in.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.base.json" },
    exclude: { path: "node_modules|/generated/|/dist/" },
    doNotFollow: { path: "node_modules" },
  },
};
