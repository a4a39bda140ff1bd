// Snowchat UI. Plain JS, no build step. Model text is rendered through marked + DOMPurify;
// tool arguments and rows are always put in the page with textContent, never innerHTML.
'use strict';

(() => {
  // The page's own elements, found once before anything is rendered: rendered answers hold data
  // from the warehouse, and an element there with the same id (id="confirm-sql") must never be
  // found in place of the page's own.
  const own = new Map([...document.querySelectorAll('[id]')].map((e) => [e.id, e]));
  const $ = (id) => own.get(id) || null;
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };

  const state = { session: null, busy: false, abort: null, health: null, pendingConfirm: null,
    confirmQueue: [] };

  // ---------- theme ----------
  const root = document.documentElement;
  const savedTheme = localStorage.getItem('snowchat-theme');
  if (savedTheme === 'light' || savedTheme === 'dark') root.dataset.theme = savedTheme;
  const effectiveTheme = () => root.dataset.theme ||
    (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  const syncThemeButton = () => {
    const next = effectiveTheme() === 'dark' ? 'light' : 'dark';
    $('theme').setAttribute('aria-label', 'Switch to ' + next + ' theme');
    $('theme').title = 'Switch to ' + next + ' theme';
  };
  // Without a stored choice the page follows the system setting, also when it changes.
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', syncThemeButton);
  $('theme').addEventListener('click', () => {
    root.dataset.theme = effectiveTheme() === 'dark' ? 'light' : 'dark';
    localStorage.setItem('snowchat-theme', root.dataset.theme);
    syncThemeButton();
  });
  syncThemeButton();

  // ---------- API ----------
  async function post(path, body) {
    return fetch(path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body), credentials: 'same-origin',
    });
  }

  async function newSession() {
    const r = await post('/api/session', {});
    if (!r.ok) throw new Error('Could not start a session (' + r.status + ')');
    state.session = (await r.json()).session;
    sessionStorage.setItem('snowchat-session', state.session);
  }

  // ---------- health gate ----------
  async function pollHealth() {
    let h;
    try {
      const r = await fetch('/api/health', { credentials: 'same-origin' });
      h = await r.json();
    } catch (e) {
      h = { ready: false, checks: [], message: 'The server does not answer: ' + e.message };
    }
    state.health = h;
    renderChecks(h);
    if (h.ready) {
      openChat(h);
    } else {
      setTimeout(pollHealth, 1500);
    }
  }

  function renderChecks(h) {
    const ul = $('checks');
    ul.replaceChildren();
    for (const c of h.checks || []) {
      const li = el('li');
      li.dataset.check = c.name;
      li.dataset.ok = String(c.ok);
      const optional = c.name === 'schema index';
      const icon = el('span', 'icon ' + (c.ok ? 'ok' : optional ? 'pending' : 'bad'),
        c.ok ? '\u2713' : optional ? '\u2026' : '\u2717');
      icon.setAttribute('aria-label', c.ok ? 'ok' : optional ? 'pending' : 'failed');
      li.append(icon, el('span', 'name', c.name), el('span', 'detail', c.detail));
      ul.append(li);
    }
    $('gate-message').textContent = h.message || '';
    $('gate').querySelector('h1').textContent = h.ready ? 'Ready' : 'Checking the setup\u2026';
  }

  function openChat(h) {
    const wh = (h.checks || []).find((c) => c.name === 'warehouse');
    const mode = wh && /mode (\w+)/.exec(wh.detail);
    if (mode) {
      $('mode').textContent = mode[1].replace('_', ' ');
      $('mode').classList.toggle('write', mode[1] !== 'read_only');
      $('mode').hidden = false;
    }
    $('gate').hidden = true;
    $('chat').hidden = false;
    $('reset').hidden = false;
    document.body.dataset.ready = 'true';
    $('prompt').focus();
  }

  // ---------- rendering ----------
  // Answers quote warehouse data: only the tags markdown makes, and no id, name, class or style
  // (they could stand in for the page's own elements or look like its badges and dialogs).
  const MARKDOWN_TAGS = ['a', 'b', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'hr', 'i', 'li', 'ol', 'p', 'pre', 's', 'strong', 'table', 'tbody', 'td',
    'th', 'thead', 'tr', 'ul'];
  const purify = (html) => DOMPurify.sanitize(html, {
    ALLOWED_TAGS: MARKDOWN_TAGS, ALLOWED_ATTR: ['href', 'title', 'align', 'start'],
    SANITIZE_NAMED_PROPS: true,
  });
  if (window.DOMPurify) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }

  // Raw HTML in an answer (a model quoting warehouse data) is shown as the text it is, never
  // parsed: an unclosed <style> or <math> would otherwise swallow the rest of the answer.
  const escapeHtml = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;')
    .replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  // (A lone <br>, which models put in table cells for line breaks, stays a line break.)
  if (window.marked) {
    marked.use({ renderer: { html: (token) => {
      const raw = typeof token === 'string' ? token : token.text;
      return /^\s*<br\s*\/?>\s*$/i.test(raw) ? '<br>' : escapeHtml(raw);
    } } });
  }

  function renderMarkdown(target, text) {
    target.innerHTML = purify(marked.parse(text, { gfm: true, breaks: false }));
    for (const t of target.querySelectorAll('table')) {
      if (t.parentElement.classList.contains('table-wrap')) continue;
      const wrap = el('div', 'table-wrap');
      t.replaceWith(wrap);
      wrap.append(t);
    }
  }

  function addUser(text) {
    $('empty')?.remove();
    const m = el('div', 'msg user');
    m.append(el('div', 'bubble', text));
    $('log').append(m);
    scroll(true);
  }

  function addAssistant() {
    const m = el('div', 'msg assistant');
    const bubble = el('div', 'bubble');
    const thinking = el('div', 'thinking');
    thinking.hidden = true;
    const tools = el('div', 'tools');
    const md = el('div', 'md');
    bubble.append(thinking, tools, md);
    m.append(bubble);
    $('log').append(m);
    return { root: m, bubble, thinking, tools, md, text: '', thinkingText: '', chips: new Map(), frame: 0 };
  }

  function nearBottom() {
    const log = $('log');
    return log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  }
  function scroll(force) {
    const log = $('log');
    if (force || nearBottom()) log.scrollTop = log.scrollHeight;
  }

  function summarize(name, input) {
    if (input && typeof input.sql === 'string') return input.sql.replace(/\s+/g, ' ');
    const parts = Object.entries(input || {}).map(([k, v]) => k + '=' + (typeof v === 'string' ? v : JSON.stringify(v)));
    return parts.join(', ');
  }

  function addToolChip(turn, ev) {
    const d = el('details', 'tool');
    d.dataset.tool = ev.name;
    d.dataset.toolUseId = ev.id;
    const s = el('summary');
    const status = el('span', 'status running', 'running');
    s.append(el('span', 'tname', ev.name), el('span', 'tsum', summarize(ev.name, ev.input)), status);
    const body = el('div', 'body');
    const input = ev.input || {};
    if (typeof input.sql === 'string') {
      body.append(el('div', 'label', 'SQL'), el('pre', 'sql', input.sql));
      const rest = Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'sql'));
      if (Object.keys(rest).length) body.append(el('div', 'label', 'Arguments'), el('pre', '', JSON.stringify(rest, null, 2)));
    } else {
      body.append(el('div', 'label', 'Arguments'), el('pre', '', JSON.stringify(input, null, 2)));
    }
    const result = el('div', 'result');
    body.append(result);
    d.append(s, body);
    turn.tools.append(d);
    turn.chips.set(ev.id, { details: d, status, result });
    if (ev.approvalRequired) {
      status.className = 'status waiting';
      status.textContent = 'waiting for approval';
      askConfirm(ev);
    }
  }

  function rowsTable(columns, rows) {
    const wrap = el('div', 'table-wrap');
    const t = el('table');
    const thead = el('thead');
    const hr = el('tr');
    for (const c of columns) hr.append(el('th', '', c));
    thead.append(hr);
    const tb = el('tbody');
    for (const r of rows) {
      const tr = el('tr');
      r.forEach((v) => {
        if (v === null || v === undefined) {
          tr.append(el('td', 'null', 'null'));
        } else if (typeof v === 'number') {
          tr.append(el('td', 'num', v));
        } else {
          tr.append(el('td', '', typeof v === 'object' ? JSON.stringify(v) : v));
        }
      });
      tb.append(tr);
    }
    t.append(thead, tb);
    wrap.append(t);
    return wrap;
  }

  function structuredView(s) {
    if (!s || typeof s !== 'object') return null;
    if (Array.isArray(s.columns) && Array.isArray(s.rows)) {
      const cols = s.columns.map((c) => (typeof c === 'object' ? c.name : c));
      const frag = el('div');
      frag.append(rowsTable(cols, s.rows));
      let note = s.rowCount + (s.rowCount === 1 ? ' row' : ' rows');
      if (typeof s.elapsedMs === 'number') note += ' in ' + Math.round(s.elapsedMs) + ' ms';
      if (s.truncated) note += ' (truncated: ' + (s.truncationNote || s.truncationReason || 'cap reached') + ')';
      frag.append(el('div', 'rows-note', note));
      return frag;
    }
    for (const [k, v] of Object.entries(s)) {
      if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
        const cols = [...new Set(v.flatMap((x) => Object.keys(x)))];
        return rowsTable(cols, v.map((x) => cols.map((c) => x[c])));
      }
      if (Array.isArray(v) && v.length && v.every((x) => x === null || typeof x !== 'object')) {
        return rowsTable([k], v.map((x) => [x]));
      }
    }
    return null;
  }

  function toolResult(turn, ev) {
    settledConfirm(ev.toolUseId);
    const chip = turn.chips.get(ev.toolUseId);
    if (!chip) return;
    chip.status.className = 'status ' + (ev.error ? 'error' : 'ok');
    chip.status.textContent = ev.error ? (ev.structured && ev.structured.error && ev.structured.error.code ? ev.structured.error.code.toLowerCase().replace(/_/g, ' ') : 'error') : 'done';
    chip.details.dataset.state = ev.error ? 'error' : 'ok';
    chip.result.replaceChildren();
    if (ev.error) {
      chip.result.append(el('div', 'label', 'Refused / failed'), el('div', 'refusal', ev.content));
      chip.details.open = true;
      return;
    }
    const view = structuredView(ev.structured);
    chip.result.append(el('div', 'label', 'Result'));
    chip.result.append(view || el('pre', '', ev.content));
  }

  function renderTextSoon(turn) {
    if (turn.frame) return;
    turn.frame = requestAnimationFrame(() => {
      turn.frame = 0;
      const follow = nearBottom();
      renderMarkdown(turn.md, turn.text);
      if (follow) scroll(true);
    });
  }

  function handleEvent(turn, ev) {
    switch (ev.type) {
      case 'text':
        turn.text += ev.text;
        renderTextSoon(turn);
        break;
      case 'thinking':
        turn.thinkingText += ev.text;
        turn.thinking.hidden = false;
        turn.thinking.classList.add('live');
        turn.thinking.textContent = turn.thinkingText.replace(/\s+/g, ' ').trim().slice(-220);
        turn.thinking.title = turn.thinkingText;
        break;
      case 'tool_use':
        addToolChip(turn, ev);
        break;
      case 'tool_result':
        toolResult(turn, ev);
        break;
      case 'error': {
        const e = el('div', 'error', ev.message);
        e.dataset.code = ev.code;
        turn.bubble.append(e);
        break;
      }
      case 'done': {
        turn.thinking.classList.remove('live');
        const bits = [];
        if (ev.stopReason && ev.stopReason !== 'end_turn') bits.push(ev.stopReason.replace(/_/g, ' '));
        if (typeof ev.durationMs === 'number') bits.push((ev.durationMs / 1000).toFixed(1) + ' s');
        if (ev.costUsd) bits.push('$' + ev.costUsd.toFixed(4));
        const d = el('div', 'done', bits.join(' \u00b7 '));
        d.dataset.stopReason = ev.stopReason;
        turn.bubble.append(d);
        turn.root.dataset.done = 'true';
        break;
      }
      default:
        break;
    }
    scroll(false);
  }

  // ---------- chat ----------
  function setBusy(b) {
    state.busy = b;
    $('send').hidden = b;
    $('stop').hidden = !b;
    $('prompt').setAttribute('aria-busy', String(b));
    document.body.dataset.busy = String(b);
  }

  async function send(prompt) {
    if (state.busy || !prompt.trim()) return;
    addUser(prompt);
    const turn = addAssistant();
    setBusy(true);
    const ctl = new AbortController();
    state.abort = ctl;
    let gotDone = false;
    try {
      let r = await post('/api/chat', { prompt, session: state.session });
      if (r.status === 404) {
        await newSession();
        notice('A new conversation started (the old one expired or the server restarted).');
        r = await post('/api/chat', { prompt, session: state.session });
      }
      if (!r.ok) {
        const j = await r.json().catch(() => ({}));
        handleEvent(turn, { type: 'error', code: j.error || 'HTTP_' + r.status, message: j.message || ('The server answered ' + r.status) });
        return;
      }
      // The fetch above was not abortable before the stream started; bind the abort now.
      const reader = r.body.getReader();
      ctl.signal.addEventListener('abort', () => reader.cancel().catch(() => {}));
      const dec = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          for (const line of frame.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            let ev;
            try { ev = JSON.parse(line.slice(6)); } catch { continue; }
            if (ev.type === 'done') gotDone = true;
            handleEvent(turn, ev);
          }
        }
      }
    } catch (e) {
      if (!ctl.signal.aborted) handleEvent(turn, { type: 'error', code: 'NETWORK', message: 'The connection failed: ' + e.message });
    } finally {
      if (!gotDone && ctl.signal.aborted) {
        handleEvent(turn, { type: 'done', stopReason: 'cancelled' });
      }
      closeConfirm();
      state.abort = null;
      setBusy(false);
      $('prompt').focus();
    }
  }

  async function stop() {
    if (!state.busy) return;
    try { await post('/api/stop', { session: state.session }); } catch { /* the abort below still ends it */ }
    if (state.abort) state.abort.abort();
  }

  function notice(text) {
    $('log').append(el('div', 'notice', text));
    scroll(true);
  }

  async function reset() {
    if (state.busy) await stop();
    await post('/api/reset', { session: state.session });
    $('log').replaceChildren();
    notice('New conversation.');
    $('prompt').focus();
  }

  // ---------- confirm writes ----------
  // One dialog per write, in the order they were asked: a second write asked while the dialog
  // is open waits its turn, so the statement shown is always the one approved.
  function askConfirm(ev) {
    state.confirmQueue.push(ev);
    if (!state.pendingConfirm) showNextConfirm();
  }
  function showNextConfirm() {
    const ev = state.confirmQueue.shift();
    if (!ev) return;
    state.pendingConfirm = ev.id;
    $('confirm-sql').textContent = (ev.input && ev.input.sql) || JSON.stringify(ev.input, null, 2);
    const dlg = $('confirm');
    if (!dlg.open) dlg.showModal();
    $('deny').focus();
  }
  // The shown write is done with: show the next one asked, or close the dialog.
  function nextConfirm() {
    state.pendingConfirm = null;
    if (state.confirmQueue.length > 0) {
      showNextConfirm();
    } else if ($('confirm').open) {
      $('confirm').close();
      $('prompt').focus();
    }
  }
  // A call the server has settled (answered, timed out, refused) needs no dialog any more.
  function settledConfirm(id) {
    state.confirmQueue = state.confirmQueue.filter((q) => q.id !== id);
    if (state.pendingConfirm === id) nextConfirm();
  }
  function closeConfirm() {
    state.confirmQueue = [];
    nextConfirm();
  }
  async function answerConfirm(approve) {
    const id = state.pendingConfirm;
    nextConfirm();
    if (!id) return;
    await post('/api/confirm', { session: state.session, toolUseId: id, approve });
  }
  $('approve').addEventListener('click', () => answerConfirm(true));
  $('deny').addEventListener('click', () => answerConfirm(false));
  $('confirm').addEventListener('cancel', (e) => { e.preventDefault(); answerConfirm(false); });

  // ---------- input ----------
  const prompt = $('prompt');
  const grow = () => {
    prompt.style.height = 'auto';
    prompt.style.height = Math.min(prompt.scrollHeight + 2, 200) + 'px';
    prompt.style.overflowY = prompt.scrollHeight > 200 ? 'auto' : 'hidden';
  };
  prompt.addEventListener('input', grow);
  prompt.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      $('composer').requestSubmit();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && state.busy && !$('confirm').open) stop();
  });
  $('composer').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = prompt.value;
    if (!text.trim() || state.busy) return;
    prompt.value = '';
    grow();
    send(text);
  });
  $('stop').addEventListener('click', stop);
  $('reset').addEventListener('click', reset);
  for (const b of document.querySelectorAll('.suggestion')) {
    b.addEventListener('click', () => { prompt.value = b.textContent; $('composer').requestSubmit(); });
  }

  // ---------- start ----------
  (async () => {
    state.session = sessionStorage.getItem('snowchat-session');
    if (!state.session) {
      try { await newSession(); } catch (e) { $('gate-message').textContent = e.message; }
    }
    pollHealth();
  })();
})();
