// The browser UI's entry point: one page per address, no build step.
//   /              the lobby
//   /game/{id}     a game (?seat=N for a person's seat)
//   /replay/{id}   a finished game, step by step

import { gamePage } from './game.js';
import { lobbyPage } from './lobby.js';
import { replayPage } from './replay.js';
import { clear, h } from './dom.js';

const root = document.getElementById('app');
const path = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);

async function route() {
  if (path[0] === 'game' && path[1]) return gamePage(root, path[1]);
  if (path[0] === 'replay' && path[1]) return replayPage(root, path[1]);
  return lobbyPage(root);
}

route().catch((e) => {
  clear(root, h('div', { class: 'panel error' }, h('p', {}, e.message), h('a', { href: '/' }, 'Back to the lobby')));
});
