// Hotseat's transport between phones at one table: WebRTC data channels with manual signalling
// (the offer and the answer travel as QR codes), QR drawing and QR reading (camera or image).
//
// Loaded on demand by the Python UI (hotseat/net/link.py) with import("./js/net.mjs"); nothing
// here runs at start-up. What crosses to Python is plain: numbers, strings, {id, sdp} objects.
// The pairing codes themselves (which SDP lines are kept, how they are packed, the protocol
// version) are Python's business (hotseat/net/signal.py); this module hands out and takes
// complete SDP texts.
//
// Why JavaScript and not Python through Pyodide's interop: RTCPeerConnection, the camera and the
// frame loop are callback APIs that would each need a long-lived create_proxy (and its manual
// destroy) and a Python call per video frame; here one listener (see listen()) is the only
// callback into Python, and a frame the decoder reads costs no interop at all.
//
// No ICE servers at all (no STUN, no TURN): the phones meet through their host candidates on
// the local network (browsers name them with mDNS ".local" names). Nothing leaves the table.

const links = new Map(); // id -> {pc, dc, role, state}
let nextId = 1;
let listener = null;

// How long to wait for ICE gathering (host candidates only: well under a second here; a
// network interface that never answers must not hold the pairing code back for ever).
const GATHER_MS = 3000;
// The data channel is pre-agreed on both sides (negotiated, stream id 0): no extra handshake.
const CHANNEL = { negotiated: true, id: 0, ordered: true };
const CONFIG = { iceServers: [], bundlePolicy: "max-bundle", rtcpMuxPolicy: "require" };

/** Set the one callback for everything that happens: fn(id, kind, text).
 *  kinds: "open" (the link's data channel is open), "message" (text received), "state"
 *  (text: the connection state, e.g. "disconnected", which may recover by itself), "closed"
 *  (the link is gone for good), "scan" (id 0: text of a QR code the camera read),
 *  "scan-error" (id 0: text names the reason: "NotAllowedError", "NotFoundError", ...). */
export function listen(fn) {
  listener = fn;
}

function emit(id, kind, text = "") {
  if (!listener) return;
  try {
    listener(id, kind, String(text));
  } catch (err) {
    console.error("hotseat net: listener failed", err);
  }
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      pc.removeEventListener("icecandidate", last);
      resolve();
    };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const last = (event) => { if (!event.candidate) done(); };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", check);
    pc.addEventListener("icecandidate", last);
  });
}

function open(role, certificate = null) {
  const id = nextId++;
  const pc = new RTCPeerConnection(certificate ? { ...CONFIG, certificates: [certificate] } : CONFIG);
  const dc = pc.createDataChannel("hotseat", CHANNEL);
  const link = { pc, dc, role, closed: false, opened: 0 };
  links.set(id, link);
  dc.onopen = () => { link.opened = performance.now(); emit(id, "open"); };
  dc.onmessage = (event) => { if (typeof event.data === "string") emit(id, "message", event.data); };
  dc.onclose = () => finish(id);
  pc.onconnectionstatechange = () => {
    const state = pc.connectionState;
    if (state === "failed" || state === "closed") finish(id);
    else emit(id, "state", state);
  };
  return [id, link];
}

// How long a link closed by this side waits for the other side to take in what was sent last
// (a "bye") before the connection goes.
const FLUSH_MS = 2000;

function finish(id, flush = false) {
  const link = links.get(id);
  if (!link || link.closed) return;
  link.closed = true;
  links.delete(id);
  const { pc, dc } = link;
  const end = () => { try { pc.close(); } catch (err) { /* already closed */ } };
  try { dc.close(); } catch (err) { /* already closed */ }
  if (flush && dc.readyState !== "closed") {
    // the channel's close goes out after the messages sent before it (an ordered, reliable
    // channel): the connection ends once it is closed on both sides, or after FLUSH_MS
    dc.addEventListener("close", end, { once: true });
    setTimeout(end, FLUSH_MS);
  } else {
    end();
  }
  emit(id, "closed");
}

/** Host: a new link and its offer. Resolves to {id, sdp} once ICE gathering is done. With
 *  ``ufrag`` and ``pwd`` the offer takes these ICE credentials (Python derives them from the
 *  pairing key, and the code then needs not carry them); a browser that refuses them offers with
 *  its own. */
export async function offer(ufrag = null, pwd = null) {
  const [id, link] = open("host");
  return described(id, link, () => link.pc.createOffer(), ufrag, pwd, "derived");
}

/** Link ``id``'s own description: made by ``make()`` (an offer or an answer), with ``ufrag``
 *  and ``pwd`` as its ICE credentials when given (``which`` names them in the warning when the
 *  browser refuses them: it then describes with its own), complete once ICE gathering is done.
 *  Resolves to {id, sdp}; on failure the link is finished and the error thrown on. */
async function described(id, link, make, ufrag, pwd, which) {
  try {
    const made = await make();
    if (ufrag && pwd) {
      try {
        await link.pc.setLocalDescription({ type: made.type, sdp: withCredentials(made.sdp, ufrag, pwd) });
      } catch (err) {
        console.warn(`hotseat net: the ${which} ICE credentials were refused`, err);
        await link.pc.setLocalDescription(made);
      }
    } else {
      await link.pc.setLocalDescription(made);
    }
    await gathered(link.pc);
    return { id, sdp: link.pc.localDescription.sdp };
  } catch (err) {
    finish(id);
    throw err;
  }
}

/** Host: the guest's answer (complete SDP) for link ``id``; the channel opens shortly after. */
export async function accept(id, sdp) {
  const link = links.get(id);
  if (!link || link.role !== "host") throw new Error(`no host link ${id}`);
  if (link.pc.signalingState !== "have-local-offer") throw new Error(`link ${id} has its answer already`);
  await link.pc.setRemoteDescription({ type: "answer", sdp });
}

// A guest keeps one DTLS certificate (IndexedDB: certificates are structured-cloneable) and, per
// table, the ICE credentials of its first answer, so a host that reloaded can rebuild this
// phone's answer by itself: the phone then scans only the host's new code.
const KEEP_DB = "hotseat-net";
const CERT_DAYS = 365;

function keepDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(KEEP_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore("keys");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function keepStep(db, mode, act) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction("keys", mode);
    const request = act(tx.objectStore("keys"));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
  });
}

/** This phone's kept certificate (made and kept on first use; made again a day before it
 *  expires), or null where it cannot be kept (no IndexedDB: private windows, some browsers). */
async function keptCertificate() {
  try {
    const db = await keepDb();
    let cert = await keepStep(db, "readonly", (store) => store.get("cert"));
    // what storage gives back is checked: a copied profile may hold a plain object there
    const usable = cert instanceof RTCCertificate && typeof cert.expires === "number";
    if (!usable || cert.expires < Date.now() + 86400e3) {
      cert = await RTCPeerConnection.generateCertificate({
        name: "ECDSA", namedCurve: "P-256", expires: CERT_DAYS * 86400e3,
      });
      await keepStep(db, "readwrite", (store) => store.put(cert, "cert"));
    }
    db.close();
    return cert;
  } catch (err) {
    console.warn("hotseat net: no kept certificate", err);
    return null;
  }
}

function withCredentials(sdp, ufrag, pwd) {
  return sdp.replace(/^a=ice-ufrag:.*$/gm, `a=ice-ufrag:${ufrag}`).replace(/^a=ice-pwd:.*$/gm, `a=ice-pwd:${pwd}`);
}

/** Guest: a new link from the host's offer (complete SDP). Resolves to {id, sdp: answer}. With
 *  ``ufrag`` and ``pwd`` (this phone's credentials at that table), the answer takes them, and
 *  this phone's kept certificate (a browser that refuses either answers with its own). */
export async function answer(sdp, ufrag = null, pwd = null) {
  const [id, link] = open("guest", await keptCertificate());
  const make = async () => {
    await link.pc.setRemoteDescription({ type: "offer", sdp });
    return link.pc.createAnswer();
  };
  return described(id, link, make, ufrag, pwd, "kept");
}

/** Send text on link ``id``; false when the link is not open (nothing is queued). */
export function send(id, text) {
  const link = links.get(id);
  if (!link || link.dc.readyState !== "open") return false;
  try {
    link.dc.send(String(text));
    return true;
  } catch (err) {
    console.warn("hotseat net: send failed", err);
    return false;
  }
}

/** Close link ``id`` (both ends see "closed"); what was sent on it before still arrives. */
export function close(id) {
  finish(id, true);
}

/** State of link ``id``: "new", "connecting", "open", "closing", "closed" (the channel's), or
 *  "gone" for an unknown id. */
export function state(id) {
  const link = links.get(id);
  return link ? link.dc.readyState : "gone";
}

/** Numbers for the pairing report: bytes sent/received on link ``id`` (SCTP payload). */
export async function stats(id) {
  const link = links.get(id);
  if (!link) return { sent: 0, received: 0 };
  let sent = 0, received = 0;
  (await link.pc.getStats()).forEach((s) => {
    if (s.type === "data-channel") { sent += s.bytesSent || 0; received += s.bytesReceived || 0; }
  });
  return { sent, received };
}

// ---- QR codes --------------------------------------------------------------------------------

let qrModule = null;
let jsQR = null;

// A pairing code: "HS~<format>~" and then only characters of the QR code's alphanumeric mode.
const PAIRING_CODE = /^(HS~[0-9]+~)([0-9A-Z]+)$/;

/** The QR code of ``text`` (smallest version for error correction ``level`` "L", "M", "Q" or
 *  "H"), drawn by qrcode-generator: {version, size, rows} where rows is a string of size lines
 *  of "0"/"1" (1 = dark), top to bottom. Python turns it into SVG markup. A pairing code goes in
 *  two segments, its prefix in byte mode and the rest in alphanumeric mode (5.5 bits a
 *  character instead of 8: a smaller code); any other text in byte mode. */
export async function qr(text, level = "M") {
  if (!qrModule) qrModule = (await import("../vendor/qrcode.mjs")).qrcode;
  const code = qrModule(0, level);
  const parts = PAIRING_CODE.exec(String(text));
  if (parts) {
    code.addData(parts[1], "Byte");
    code.addData(parts[2], "Alphanumeric");
  } else {
    code.addData(String(text), "Byte");
  }
  code.make();
  const size = code.getModuleCount();
  const rows = [];
  for (let r = 0; r < size; r++) {
    let row = "";
    for (let c = 0; c < size; c++) row += code.isDark(r, c) ? "1" : "0";
    rows.push(row);
  }
  return { version: (size - 17) / 4, size, rows: rows.join("\n") };
}

async function loadJsQR() {
  if (!jsQR) {
    await import("../vendor/jsQR.js"); // UMD bundle: as a module it sets self.jsQR
    jsQR = self.jsQR;
    if (typeof jsQR !== "function") throw new Error("jsQR did not load");
  }
  return jsQR;
}

let detector; // BarcodeDetector for QR codes, null where the browser has none
async function barcodeDetector() {
  if (detector === undefined) {
    detector = null;
    try {
      if ("BarcodeDetector" in self) {
        const formats = await self.BarcodeDetector.getSupportedFormats();
        if (formats.includes("qr_code")) detector = new self.BarcodeDetector({ formats: ["qr_code"] });
      }
    } catch (err) {
      detector = null;
    }
  }
  return detector;
}

let frameCanvas = null;

/** The text of a QR code in ``source`` (a video, image or canvas element, or an ImageBitmap),
 *  or null. The browser's BarcodeDetector where it has one for QR codes (Chrome on Android),
 *  else jsQR on the pixels. ``width``/``height`` default to the source's own size. This is the
 *  decoder the camera scanner runs on every frame. */
export async function decode(source, width, height) {
  const w = width || source.videoWidth || source.naturalWidth || source.width;
  const h = height || source.videoHeight || source.naturalHeight || source.height;
  if (!w || !h) return null;
  const native = await barcodeDetector();
  if (native) {
    try {
      const found = await native.detect(source);
      if (found.length) return found[0].rawValue;
      return null;
    } catch (err) {
      // a source the detector refuses: fall through to jsQR
    }
  }
  const reader = await loadJsQR();
  if (!frameCanvas) frameCanvas = document.createElement("canvas");
  frameCanvas.width = w;
  frameCanvas.height = h;
  const ctx = frameCanvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, w, h);
  const found = reader(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
  return found ? found.data : null;
}

/** Which decoder decode() uses here: "BarcodeDetector" or "jsQR". */
export async function decoder() {
  return (await barcodeDetector()) ? "BarcodeDetector" : "jsQR";
}

// ---- the camera ------------------------------------------------------------------------------

let scan = null; // {video, stream, timer}
const SCAN_EVERY_MS = 150; // ~7 frames a second: quick enough, and the phone stays cool

/** Start the back camera into ``video`` (a <video> element) and read QR codes from it; each
 *  code read is emitted as (0, "scan", text) (the same text is not repeated). Errors are
 *  emitted as (0, "scan-error", name). Resolves true when the camera runs. */
export async function startScan(video) {
  stopScan();
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    emit(0, "scan-error", "NoCamera");
    return false;
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (err) {
    emit(0, "scan-error", err && err.name ? err.name : "CameraError");
    return false;
  }
  const current = { video, stream, timer: 0, last: null, busy: false };
  scan = current;
  video.setAttribute("playsinline", "");
  video.muted = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (err) {
    // autoplay of a muted inline video is allowed; a failure here still lets frames arrive
  }
  const tick = async () => {
    if (scan !== current) return;
    if (!current.busy && video.readyState >= 2) {
      current.busy = true;
      try {
        const text = await decode(video);
        if (text && text !== current.last && scan === current) {
          current.last = text;
          emit(0, "scan", text);
        }
      } catch (err) {
        console.warn("hotseat net: decoding a frame failed", err);
      } finally {
        current.busy = false;
      }
    }
    if (scan === current) current.timer = setTimeout(tick, SCAN_EVERY_MS);
  };
  current.timer = setTimeout(tick, SCAN_EVERY_MS);
  return true;
}

/** Stop the camera (the light goes off). */
export function stopScan() {
  if (!scan) return;
  clearTimeout(scan.timer);
  for (const track of scan.stream.getTracks()) track.stop();
  try { scan.video.srcObject = null; } catch (err) { /* element gone */ }
  scan = null;
}
