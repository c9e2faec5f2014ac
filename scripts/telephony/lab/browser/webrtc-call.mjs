// Lab driver (docs/webrtc.md): Chromium with a fake microphone opens phone.html (JsSIP), which
// registers over ws with the lab engine (../webrtc-engine.sh), calls extension 100 and sends '1'
// as RFC 4733. Asserts from Asterisk's side: the dialplan's Log lines (answered, key=1), media
// counters (pjsip show channelstats) and the caller's recorded audio; prints timings as JSON.
//
//   NODE_PATH=/work/main/frontend/node_modules node webrtc-call.mjs
// Environment: ARI_HTTP_PORT (18188), WEBRTC_USER/WEBRTC_PASSWORD (webrtc-lab/lab-only),
// REGISTER (1; 0 calls without registering), EXPECT (call | register-fails),
// JSSIP_BUNDLE (/tmp/webrtc-lab/jssip.min.js), FAKE_WAV (made with espeak-ng if absent),
// LOOPBACK_FLAG (1: --allow-loopback-in-peer-connection), PAGE_PORT (18190), HOLD_MS (keep the
// call up this long after the checks), END (close: close the page without a BYE), ICE_EARLY=1
// (INVITE on the first host candidate), PAGE=phone-sipjs.html with SIPJS_BUNDLE (the SIP.js
// comparison page), STUN=default (SIP.js's default ICE server), DEBUG=1 (library logs).
import { createRequire } from 'node:module';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ENGINE = path.join(HERE, '..', 'webrtc-engine.sh');
const env = process.env;
const port = env.ARI_HTTP_PORT || '18188';
const pagePort = Number(env.PAGE_PORT || 18190);
const user = env.WEBRTC_USER || 'webrtc-lab';
const password = env.WEBRTC_PASSWORD || 'lab-only';
const expect = env.EXPECT || 'call';
const bundle = env.JSSIP_BUNDLE || '/tmp/webrtc-lab/jssip.min.js';
// PAGE=phone-sipjs.html: the SIP.js comparison page, bundle SIPJS_BUNDLE.
const pageFile = env.PAGE || 'phone.html';
const sipjsBundle = env.SIPJS_BUNDLE || '/tmp/webrtc-lab/sipjs.min.js';
const wav = env.FAKE_WAV || '/tmp/webrtc-lab/caller.wav';

const cli = (cmd) => execFileSync('bash', [ENGINE, 'cli', cmd], { encoding: 'utf8' });
const root = execFileSync('bash', [ENGINE, 'root'], { encoding: 'utf8' }).trim();
const consoleLog = path.join(root, 'var/log/asterisk/webrtc-console.log');
const logFrom = fs.existsSync(consoleLog) ? fs.statSync(consoleLog).size : 0;
const asteriskLog = () => fs.readFileSync(consoleLog, 'utf8').slice(logFrom);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, fn, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
function fail(msg) { console.error('FAIL: ' + msg); process.exitCode = 1; }

if (!fs.existsSync(wav)) {
  // A sentence as the microphone: espeak-ng, then 48 kHz 16-bit mono (what Chromium captures).
  execFileSync('espeak-ng', ['-w', wav + '.tmp.wav', 'This is the browser phone calling the engine. One two three.']);
  execFileSync('sox', [wav + '.tmp.wav', '-r', '48000', '-b', '16', '-c', '1', wav]);
  fs.unlinkSync(wav + '.tmp.wav');
}

const page_html = fs.readFileSync(path.join(HERE, pageFile));
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  if (u.pathname === '/jssip.min.js') { res.writeHead(200, { 'content-type': 'text/javascript' }); return res.end(fs.readFileSync(bundle)); }
  if (u.pathname === '/sipjs.min.js') { res.writeHead(200, { 'content-type': 'text/javascript' }); return res.end(fs.readFileSync(sipjsBundle)); }
  if (u.pathname === '/') { res.writeHead(200, { 'content-type': 'text/html' }); return res.end(page_html); }
  res.writeHead(404); res.end();
});
await new Promise((r) => server.listen(pagePort, '127.0.0.1', r));

const args = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${wav}`,
  '--autoplay-policy=no-user-gesture-required',
];
if ((env.LOOPBACK_FLAG ?? '1') === '1') args.push('--allow-loopback-in-peer-connection');
const browser = await chromium.launch({ executablePath: env.CHROMIUM || '/usr/bin/chromium', args });
const result = { user, register: env.REGISTER ?? '1', expect, chromiumArgs: args };
try {
  var page = await browser.newPage();
  page.on('console', (m) => { if (env.DEBUG) console.log('[page]', m.text()); });
  const q = new URLSearchParams({ ws: `ws://127.0.0.1:${port}/ws`, user, password, register: env.REGISTER ?? '1', dtmf: '1' });
  if (env.DEBUG) q.set('debug', '1');
  if (env.ICE_EARLY === '1') q.set('iceEarly', '1');
  if (env.STUN) q.set('stun', env.STUN);
  result.page = pageFile;
  const tOpen = Date.now();
  await page.goto(`http://127.0.0.1:${pagePort}/?${q}`);
  const events = () => page.evaluate(() => window.lab.events);
  const has = async (e) => (await events()).find((x) => x.e === e);

  if ((env.REGISTER ?? '1') === '1') {
    const reg = await until('registration', async () => (await has('registered')) || (await has('registration-failed')), 10000);
    result.registration = reg;
    if (expect === 'register-fails') {
      if (reg.e !== 'registration-failed') fail('registration succeeded but should have failed');
    } else if (reg.e !== 'registered') {
      throw new Error('registration failed: ' + JSON.stringify(reg));
    } else {
      result.registered_ms = Date.now() - tOpen;
      result.contacts = cli(`pjsip show aor ${user}`).split('\n').filter((l) => /Contact:/.test(l)).map((l) => l.trim());
    }
  }

  // SIP as Asterisk sees it (console log): the SDP offer/answer and whether any INFO was sent.
  cli('pjsip set logger on');
  const tCall = Date.now();
  await page.evaluate(() => window.placeCall('100'));
  const first = await until('answer or failure', async () => (await has('accepted')) || (await has('failed')), 15000);
  result.callOutcome = first;
  if (expect !== 'call') {
    if (first.e !== 'failed') fail('call was answered but should have failed');
  } else {
    if (first.e !== 'accepted') throw new Error('call failed: ' + JSON.stringify(first));
    result.answer_ms = Date.now() - tCall;
    await until('peer connection connected (ICE + DTLS)', () => has('pc-connected'), 10000);
    await until('first inbound RTP', () => has('first-inbound-rtp'), 10000);
    await until('DTMF sent', () => has('dtmf-sent'), 10000);
    const key = await until('Asterisk logs the key', () => (asteriskLog().match(/NOTICE\[.*WEBRTC-KEY key=(\S*) status=(\S*)/) || null), 10000);
    result.asterisk_key = key[1];
    if (key[1] !== '1') fail(`Asterisk read key '${key[1]}' (${key[2]}), not '1'`);
    const answered = asteriskLog().match(/NOTICE\[.*(WEBRTC-ANSWERED .*)/);
    result.asterisk_answered = answered && answered[1];
    const rec = await until('recording', () => asteriskLog().match(/NOTICE\[.*WEBRTC-RECORDED file=(\S+)/), 10000);
    await sleep(2500); // playback of the recording, then Echo
    result.channelstats = cli('pjsip show channelstats').split('\n').filter((l) => /\d/.test(l) && !/Objects found/.test(l)).map((l) => l.trim());
    result.channels = cli('core show channels concise').trim().split('\n');
    result.browserStats = await page.evaluate(() => window.lab.stats);
    // The caller's 3 s as Asterisk recorded it: RMS of 16-bit PCM after the 44-byte header.
    const f = path.join(root, rec[1] + '.wav');
    const b = fs.readFileSync(f);
    let sum = 0; const n = (b.length - 44) >> 1;
    for (let i = 0; i < n; i++) { const s = b.readInt16LE(44 + 2 * i); sum += s * s; }
    result.recording = { file: rec[1] + '.wav', seconds: n / 8000, rms: Math.round(Math.sqrt(sum / n)) };
    if (result.recording.rms < 100) fail('recorded caller audio is (near) silent');
    if (!(result.browserStats.packetsReceived > 100)) fail('browser received too few RTP packets');
    if (!(result.browserStats.totalAudioEnergy > 0)) fail('browser heard no audio energy');
    // HOLD_MS: keep the call up (e.g. while another script deletes the credentials);
    // END=close: close the browser without a BYE (what does Asterisk do with the call?).
    if (env.HOLD_MS) { result.held_ms = Number(env.HOLD_MS); await sleep(Number(env.HOLD_MS)); }
    if (env.END === 'close') {
      result.events = await events();
      result.ended_by = 'browser closed without BYE';
      await page.close();
    } else if (await has('ended')) {
      result.ended_by = 'remote: ' + JSON.stringify(await has('ended'));
    } else {
      await page.evaluate(() => window.hangUp());
      await until('ended', () => has('ended'), 5000);
      result.ended_by = 'browser hung up';
    }
  }
  if (!page.isClosed()) result.events = await events();
  const sip = asteriskLog();
  result.sip_info_requests = (sip.match(/^INFO sip:/gm) || []).length;
  // Offer (browser) and answer (Asterisk): codecs, DTMF, fingerprint/setup, candidates.
  const sdpLines = (re) => [...new Set((sip.match(re) || []).map((l) => l.trim()))];
  result.sdp = {
    rtpmap: sdpLines(/^a=rtpmap:.*$/gm),
    setup: sdpLines(/^a=setup:.*$/gm),
    fingerprint: sdpLines(/^a=fingerprint:.*$/gm).map((l) => l.slice(0, 40) + '…'),
    candidates: sdpLines(/^a=candidate:.*$/gm),
    profile: sdpLines(/^m=audio.*$/gm),
  };
  result.asterisk_warnings = (asteriskLog().match(/(WARNING|ERROR)\[.*/g) || []).slice(0, 10);
} catch (e) {
  fail(e.message);
  try { result.events = await (await browser.contexts()[0].pages()[0]).evaluate(() => window.lab.events); } catch {}
  result.asterisk_tail = asteriskLog().split('\n').slice(-40);
} finally {
  try { cli('pjsip set logger off'); } catch {}
  await browser.close();
  server.close();
}
console.log(JSON.stringify(result, null, 2));
