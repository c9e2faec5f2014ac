// The customer's website for the website-check flow: the server's WEBSITE_CHECK_RESOLVE sends
// implants.harbourlanedental.co.uk here (playwright.config.ts), and the page carries the
// tracking snippet of Harbour Lane's "Implants landing page" (reference hld-implants) and a
// Google Tag Manager tag. Other hosts sent here serve what a flow published for them (a new
// client's website with the tracking code pasted in), else the same page.
import { createServer } from 'node:http';

const port = Number(process.env.DEMO_SITE_PORT ?? 8199);

const page = `<!doctype html>
<html lang="en"><head><title>Dental implants | Harbour Lane Dental</title>
<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-HLD123"></script>
<script async src="https://calltrack.example/tracking/mhct.js" data-vcam="hld-implants"></script>
</head><body><h1>Dental implants</h1><p>Call 0113 496 0000</p></body></html>`;

/** Pages a flow put on a website (PUT /__site/{host}): what a customer pasting the tracking code does. */
const published = new Map();

createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  // PUT /__site/{host} publishes the host's every page; PUT /__site/{host}/{path} one page.
  const site = request.url?.match(/^\/__site\/([a-z0-9.-]+)(\/[a-z0-9/-]*)?$/);
  if (request.method === 'PUT' && site) {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      published.set(site[1] + (site[2] ?? ''), Buffer.concat(chunks).toString('utf8'));
      response.writeHead(204).end();
    });
    return;
  }
  const host = (request.headers.host ?? '').split(':')[0].toLowerCase();
  const path = (request.url ?? '/').split('?')[0];
  const html = published.get(host + path) ?? published.get(host) ?? page;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}).listen(port, '127.0.0.1');
