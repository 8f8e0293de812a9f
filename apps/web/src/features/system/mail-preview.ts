/**
 * HTML for the dev mailbox's sandboxed preview frame: links open in the top window (a developer
 * clicks a reset link and lands in the app), scripts never run (the sandbox forbids them).
 */
export function mailPreviewDocument(html: string): string {
  const base = '<base target="_top">';
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${base}`);
  return `<!doctype html><html><head>${base}<meta charset="utf-8"></head><body>${html}</body></html>`;
}
