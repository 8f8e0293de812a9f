/** @jsxRuntime automatic @jsxImportSource react */
import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { type EmailPreview, renderEmailPreviews } from "./email-previews.ts";

// `pnpm email:preview [folder]`: writes every email with sample data as .html and .txt, with an
// index.html linking them, into the folder (default .email-previews/, which git ignores).

function PreviewIndex({ previews }: { previews: EmailPreview[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Signet email previews</title>
      </head>
      <body style={{ fontFamily: "Arial,Helvetica,sans-serif", margin: "24px" }}>
        <h1>Signet email previews</h1>
        <table cellPadding={6}>
          <thead>
            <tr>
              <th align="left">Email</th>
              <th align="left">Subject</th>
              <th align="left">Text part</th>
            </tr>
          </thead>
          <tbody>
            {previews.map((preview) => (
              <tr key={preview.name}>
                <td>
                  <a href={`${preview.name}.html`}>{preview.label}</a>
                </td>
                <td>{preview.subject}</td>
                <td>
                  <a href={`${preview.name}.txt`}>text</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>
  );
}

const folder = resolve(process.argv[2] ?? ".email-previews");
await mkdir(folder, { recursive: true });
const previews = await renderEmailPreviews();
for (const preview of previews) {
  await writeFile(resolve(folder, `${preview.name}.html`), preview.html);
  await writeFile(resolve(folder, `${preview.name}.txt`), preview.text);
}
await writeFile(
  resolve(folder, "index.html"),
  `<!doctype html>${renderToStaticMarkup(<PreviewIndex previews={previews} />)}`,
);
console.log(`  wrote ${previews.length} email previews to ${folder}/index.html`);
