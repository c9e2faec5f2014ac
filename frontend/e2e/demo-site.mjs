// The customer's website for the website-check flow: the server's WEBSITE_CHECK_RESOLVE sends
// implants.harbourlanedental.co.uk here (playwright.config.ts), and the page carries the
// tracking snippet of Harbour Lane's "Implants landing page" (reference hld-implants) and a
// Google Tag Manager tag.
import { createServer } from 'node:http';

const port = Number(process.env.DEMO_SITE_PORT ?? 8199);

const page = `<!doctype html>
<html lang="en"><head><title>Dental implants | Harbour Lane Dental</title>
<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-HLD123"></script>
<script async src="https://calltrack.example/tracking/mhct.js" data-vcam="hld-implants"></script>
</head><body><h1>Dental implants</h1><p>Call 0113 496 0000</p></body></html>`;

createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
}).listen(port, '127.0.0.1');
