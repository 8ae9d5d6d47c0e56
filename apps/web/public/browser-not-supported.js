// Browsers without JavaScript modules never run the app: they run this file instead (index.html loads it
// with `nomodule`) and get the "browser not supported" notice (spec part 1 §8); src/lib/browser-support.ts
// checks the others. A file, not an inline script: the Content-Security-Policy allows no inline script.
document.getElementById('root').innerHTML =
  '<div style="font-family:sans-serif;max-width:560px;margin:15vh auto;text-align:center">' +
  '<h1>Navegador no compatible · Browser not supported</h1>' +
  '<p>Plantlens necesita un navegador reciente: ábrelo en un Chrome, Edge, Firefox o Safari actualizado.</p>' +
  '<p>Plantlens needs a recent browser: open it in an up-to-date Chrome, Edge, Firefox or Safari.</p></div>';
