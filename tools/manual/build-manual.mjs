// Builds the user manual PDFs the gateway serves at GET /api/web/user-manual (docs/manual/README.md):
// docs/manual/<language>.md → HTML styled for print (marked) → PDF printed by Debian's Chromium (playwright-core).
// Screenshots come from MANUAL_SCREENSHOTS_DIR (the end-to-end test e2e/user-manual.e2e-spec.ts takes them);
// a missing one prints as a visible note, so `npm run build` works before any end-to-end run.
//   MANUAL_SCREENSHOTS_DIR  default dist/manual/screenshots
//   MANUAL_OUT_DIR          default apps/gateway/dist/manual (the gateway's USER_MANUAL_DIR)
//   CHROMIUM_PATH           default e2e/chromium-launch.json's executablePath
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Marked } = require('marked');
const { chromium } = require('playwright-core');
const launchSettings = require('../../e2e/chromium-launch.json');

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIR = join(ROOT, 'docs/manual');
const SCREENSHOTS_DIR = resolve(ROOT, process.env.MANUAL_SCREENSHOTS_DIR ?? 'dist/manual/screenshots');
const OUT_DIR = resolve(ROOT, process.env.MANUAL_OUT_DIR ?? 'apps/gateway/dist/manual');
const CHROMIUM = process.env.CHROMIUM_PATH ?? launchSettings.executablePath;

// One manual per language; the file names are those of libs/contracts userManualFileName().
const MANUALS = [
  {
    language: 'en_GB',
    source: 'en.md',
    htmlLang: 'en-GB',
    title: 'Plantlens user manual',
    missing: (file) =>
      `Screenshot ${file} not taken yet: the end-to-end test e2e/user-manual.e2e-spec.ts takes it.`,
    page: 'Page',
  },
  {
    language: 'es_ES',
    source: 'es.md',
    htmlLang: 'es-ES',
    title: 'Manual de usuario de Plantlens',
    missing: (file) =>
      `Captura ${file} aún no tomada: la toma la prueba de extremo a extremo e2e/user-manual.e2e-spec.ts.`,
    page: 'Página',
  },
];

const escapeHtml = (text) =>
  text.replace(
    /[&<>"]/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character],
  );

// Images are embedded (data: URLs) so the page needs no file access; a missing one becomes the note. Each
// language has its own screenshots (the app in that language): MANUAL_SCREENSHOTS_DIR/<language>/<file>.
function markdownToHtml(markdown, manual) {
  const marked = new Marked({
    renderer: {
      image({ href, text }) {
        const file = join(SCREENSHOTS_DIR, manual.language, href);
        if (!existsSync(file)) return `<span class="missing">${escapeHtml(manual.missing(href))}</span>`;
        const data = readFileSync(file).toString('base64');
        return `<img src="data:image/png;base64,${data}" alt="${escapeHtml(text)}">`;
      },
    },
  });
  return marked.parse(markdown);
}

const STYLE = `
  @page { size: A4; margin: 18mm 16mm 20mm; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10.5pt; line-height: 1.45;
         color: #1f1f1f; }
  h1 { font-size: 26pt; color: #1677ff; margin: 40mm 0 6mm; }
  h1 + p { font-size: 13pt; color: #555; }
  h2 { font-size: 16pt; color: #1677ff; border-bottom: 1px solid #d9d9d9; padding-bottom: 2mm;
       break-before: page; }
  h3 { font-size: 12.5pt; margin-top: 6mm; }
  h2, h3 { break-after: avoid; }
  img { display: block; max-width: 100%; max-height: 120mm; margin: 4mm auto; border: 1px solid #d9d9d9;
        break-inside: avoid; }
  .missing { display: block; margin: 4mm 0; padding: 6mm; border: 1px dashed #faad14; background: #fffbe6;
             color: #874d00; text-align: center; break-inside: avoid; }
  table { border-collapse: collapse; width: 100%; margin: 3mm 0; }
  th, td { border: 1px solid #d9d9d9; padding: 1.5mm 2.5mm; text-align: left; vertical-align: top; }
  th { background: #fafafa; }
  code { font-family: 'DejaVu Sans Mono', monospace; font-size: 9.5pt; background: #f5f5f5; padding: 0 1mm; }
  nav.contents ol { padding-left: 6mm; }
`;

function htmlDocument(manual, body) {
  return `<!doctype html><html lang="${manual.htmlLang}"><head><meta charset="utf-8">
<title>${manual.title}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    // No browser, no PDF: the gateway then answers 404 and the web app hides Help.
    console.warn(`user manual: no Chromium at ${CHROMIUM}; the manual is not built (docs/manual/README.md)`);
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: launchSettings.args,
  });
  try {
    const page = await browser.newPage();
    for (const manual of MANUALS) {
      const markdown = readFileSync(join(SOURCE_DIR, manual.source), 'utf8');
      await page.setContent(htmlDocument(manual, markdownToHtml(markdown, manual)), { waitUntil: 'load' });
      const file = join(OUT_DIR, `user-manual-${manual.language}.pdf`);
      writeFileSync(
        file,
        await page.pdf({
          format: 'A4',
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: `<div style="font-size:8pt;color:#888;width:100%;text-align:center">Plantlens · ${manual.page}
            <span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
          margin: { top: '18mm', bottom: '20mm', left: '16mm', right: '16mm' },
        }),
      );
      console.log(`user manual: ${file}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
