// Talking to the server: JSON requests, seat tokens kept in this browser, and the live connection.

export class ApiError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** A JSON request; throws ApiError with the server's sentence when it refuses. */
export async function api(path, { method = 'GET', body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(data.error || String(res.status), data.message || res.statusText);
  return data;
}

// Seat tokens live in localStorage, so that another tab of this browser, or a reload, finds them.
const KEY = 'talisman.tokens';

/** The object kept in localStorage under ``key`` ({} when there is none, or it cannot be read). */
export function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || '{}');
  } catch {
    return {};
  }
}

export function saveToken(gameId, seat, token) {
  const all = stored(KEY);
  all[gameId] = { ...(all[gameId] || {}), [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function tokenFor(gameId, seat) {
  return (stored(KEY)[gameId] || {})[seat] || null;
}

export function mySeats(gameId) {
  return Object.keys(stored(KEY)[gameId] || {}).map(Number);
}

/**
 * The live connection to a game: joins as a seat (or a spectator), hands every
 * message to onMessage, and reconnects after a drop, asking only for the log
 * events it has not seen.
 */
export class Live {
  constructor(gameId, seat, token, { onMessage, onStatus, eventsSeen }) {
    Object.assign(this, { gameId, seat, token, onMessage, onStatus, eventsSeen });
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      ws.send(JSON.stringify({ type: 'join', seat: this.seat, token: this.token, events_from: this.eventsSeen() }));
      this.onStatus('online');
    };
    ws.onmessage = (e) => this.onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (this.closed) return;
      if (e.code === 1008) {
        this.onStatus('refused');
        return;
      }
      this.onStatus('offline');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    this.ws.close();
  }
}
