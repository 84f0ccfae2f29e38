// pdnkit report: the boards (drawn here from the positions and moves in the page), the game
// viewers (step through a game on its board) and sortable tables. Plain script, no library;
// the page reads well without it (each position in words and as a FEN), only the boards and
// stepping need it. No archive text goes through markup here: only textContent and
// attributes.
(function () {
  'use strict';
  // Must match SQUARE_CODES and board::PIECE_IDS in the Rust code that writes the page.
  var CODES = '0123456789abcdefghijklmnopqrstuvwxyzABCD';
  var HREF = { '.': '#p-e', w: '#p-wm', W: '#p-wk', b: '#p-bm', B: '#p-bk' };
  var LETTERS = 'abcdefghij';
  var SVG = 'http://www.w3.org/2000/svg';
  // The size of a square and of the margin around the board, as the page defines them.
  var definitions = document.querySelector('svg.definitions');
  var SQUARE = Number(definitions.getAttribute('data-square'));
  var MARGIN = Number(definitions.getAttribute('data-margin'));
  var active = null;

  function svgElement(name, attributes) {
    var element = document.createElementNS(SVG, name);
    for (var key in attributes) {
      element.setAttribute(key, attributes[key]);
    }
    return element;
  }

  // Draws an empty board of `width` x `height` squares into `container`: the light board,
  // one rect per dark square and one use of a piece shape on it (both in reading order:
  // a1, c1, ...), the coordinates around.
  function drawBoard(container, width, height) {
    var w = width * SQUARE;
    var h = height * SQUARE;
    var size = { w: w + 2 * MARGIN, h: h + 2 * MARGIN };
    var svg = svgElement('svg', {
      'class': 'board-svg', viewBox: '0 0 ' + size.w + ' ' + size.h,
      width: size.w, height: size.h, role: 'img'
    });
    svg.appendChild(svgElement('path', {
      'class': 'board', d: 'M' + MARGIN + ' ' + MARGIN + 'h' + w + 'v' + h + 'h-' + w + 'Z'
    }));
    var half = width / 2;
    var places = [];
    for (var i = 0; i < half * height; i++) {
      var row = Math.floor(i / half);
      var column = 2 * (i % half) + (row % 2);
      places.push({ x: MARGIN + column * SQUARE, y: MARGIN + (height - 1 - row) * SQUARE });
    }
    var rects = places.map(function (p) {
      return svg.appendChild(svgElement('rect', {
        'class': 'dark', x: p.x, y: p.y, width: SQUARE, height: SQUARE
      }));
    });
    var uses = places.map(function (p) {
      return svg.appendChild(svgElement('use', { href: '#p-e', x: p.x, y: p.y }));
    });
    function text(x, y, label) {
      svg.appendChild(svgElement('text', { x: x, y: y })).textContent = label;
    }
    for (var c = 0; c < width; c++) {
      var x = MARGIN + c * SQUARE + SQUARE / 2;
      text(x, MARGIN / 2, LETTERS.charAt(c));
      text(x, MARGIN + h + MARGIN / 2, LETTERS.charAt(c));
    }
    for (var r = 0; r < height; r++) {
      var y = MARGIN + (height - 1 - r) * SQUARE + SQUARE / 2;
      text(MARGIN / 2, y, String(r + 1));
      text(MARGIN + w + MARGIN / 2, y, String(r + 1));
    }
    container.appendChild(svg);
    return { svg: svg, rects: rects, uses: uses };
  }

  function squareName(i, width) {
    var half = width / 2;
    var row = Math.floor(i / half);
    return LETTERS.charAt(2 * (i % half) + (row % 2)) + (row + 1);
  }

  function sideName(turn) {
    return turn === 'W' ? 'White' : 'Black';
  }

  // One move of the data: start, end, captured squares (dense indices), promotion.
  function readPly(code) {
    var squares = [];
    var promotes = false;
    for (var i = 0; i < code.length; i++) {
      if (code.charAt(i) === '+') {
        promotes = true;
      } else {
        squares.push(CODES.indexOf(code.charAt(i)));
      }
    }
    return { from: squares[0], to: squares[1], captured: squares.slice(2), promotes: promotes };
  }

  // The position after `ply`: the mover's piece goes to its end square (a king if it
  // promotes), the pieces it took leave the board, the other side moves.
  function play(position, ply) {
    var next = position.slice();
    var piece = next[ply.from + 1];
    next[ply.from + 1] = '.';
    for (var i = 0; i < ply.captured.length; i++) {
      next[ply.captured[i] + 1] = '.';
    }
    next[ply.to + 1] = ply.promotes ? piece.toUpperCase() : piece;
    next[0] = next[0] === 'W' ? 'B' : 'W';
    return next;
  }

  function squareCodes(text) {
    return text.split('').map(function (c) { return CODES.indexOf(c); });
  }

  // A viewer, drawn at the ply it opens at (an invalid game's: where its main line stopped,
  // with the squares of the move that could not be played marked). One with no moves has
  // no controls: its board is only drawn.
  function Viewer(element) {
    this.element = element;
    this.width = Number(element.getAttribute('data-width'));
    var codes = element.getAttribute('data-moves');
    this.plies = codes ? codes.split(' ').map(readPly) : [];
    this.positions = [element.getAttribute('data-start').split('')];
    for (var i = 0; i < this.plies.length; i++) {
      this.positions.push(play(this.positions[i], this.plies[i]));
    }
    this.endPly = Number(element.getAttribute('data-end-ply') || 0);
    this.endText = element.getAttribute('data-end') || '';
    this.failed = squareCodes(element.getAttribute('data-failed') || '');
    this.failure = element.getAttribute('data-failure');
    var board = drawBoard(element.querySelector('.board-place'),
      this.width, Number(element.getAttribute('data-height')));
    this.svg = board.svg;
    this.uses = board.uses;
    this.rects = board.rects;
    // The board says it in pictures now.
    element.querySelector('.position').setAttribute('hidden', '');
    this.status = element.querySelector('.status');
    this.fen = element.querySelector('.fen code');
    this.buttons = element.querySelectorAll('button[data-ply]');
    this.openPly = Number(element.getAttribute('data-open-ply') || 0);
    this.ply = this.openPly;
    this.render();
    var controls = element.querySelector('.controls');
    this.steps = controls !== null;
    if (!this.steps) {
      return;
    }
    controls.removeAttribute('hidden');
    var self = this;
    controls.addEventListener('click', function (event) {
      var button = event.target.closest('button[data-step]');
      if (button) {
        self.step(button.getAttribute('data-step'));
      }
    });
    element.querySelector('ol.moves').addEventListener('click', function (event) {
      var button = event.target.closest('button[data-ply]');
      if (button) {
        self.go(Number(button.getAttribute('data-ply')));
      }
    });
    element.addEventListener('keydown', function (event) {
      if (self.key(event)) {
        event.preventDefault();
      }
    });
    element.addEventListener('focusin', function () {
      active = self;
    });
  }

  Viewer.prototype.step = function (what) {
    var to = { start: 0, back: this.ply - 1, forward: this.ply + 1, end: this.plies.length };
    this.go(to[what]);
  };

  // The step a key asks for, by its name or, for events that give none, its code.
  var STEPS = {
    ArrowRight: 'forward', Right: 'forward', 39: 'forward',
    ArrowLeft: 'back', Left: 'back', 37: 'back',
    Home: 'start', 36: 'start',
    End: 'end', 35: 'end'
  };

  function stepOf(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return null;
    }
    var name = event.key || event.keyCode || event.which;
    return Object.prototype.hasOwnProperty.call(STEPS, name) ? STEPS[name] : null;
  }

  // Handles a key event; true if it was one of the viewer's.
  Viewer.prototype.key = function (event) {
    var step = stepOf(event);
    if (!step) {
      return false;
    }
    this.step(step);
    return true;
  };

  Viewer.prototype.go = function (ply) {
    active = this;
    this.ply = Math.max(0, Math.min(this.plies.length, ply));
    this.render();
  };

  Viewer.prototype.fenOf = function (position) {
    var lists = { W: [], B: [] };
    for (var i = 1; i < position.length; i++) {
      var piece = position[i];
      if (piece !== '.') {
        var king = piece === 'W' || piece === 'B';
        lists[piece.toUpperCase()].push((king ? 'K' : '') + squareName(i - 1, this.width));
      }
    }
    return position[0] + ':W' + lists.W.join(',') + ':B' + lists.B.join(',');
  };

  // The pieces in words, as the page words its other boards (board::describe).
  Viewer.prototype.describe = function (position) {
    var words = [];
    var self = this;
    ['W', 'B'].forEach(function (side) {
      var kinds = [[side.toLowerCase(), 'man', 'men'], [side, 'king', 'kings']];
      var parts = [];
      kinds.forEach(function (kind) {
        var squares = [];
        for (var i = 1; i < position.length; i++) {
          if (position[i] === kind[0]) {
            squares.push(squareName(i - 1, self.width));
          }
        }
        if (squares.length) {
          parts.push((squares.length === 1 ? kind[1] : kind[2]) + ' ' + squares.join(', '));
        }
      });
      words.push(sideName(side) + ': ' + (parts.length ? parts.join('; ') : 'no pieces') + '.');
    });
    return words.join(' ');
  };

  // `3. g3:e5` for the button of a ply: the number of its item, with `...` for the second.
  Viewer.prototype.label = function (ply) {
    var button = this.buttons[ply - 1];
    var item = button.parentNode;
    var number = item.querySelector('.number').textContent;
    if (item.querySelector('button[data-ply]') !== button) {
      number = number.replace(/\.+$/, '...');
    }
    return number + ' ' + button.firstChild.nodeValue;
  };

  Viewer.prototype.render = function () {
    var position = this.positions[this.ply];
    for (var i = 0; i < this.uses.length; i++) {
      this.uses[i].setAttribute('href', HREF[position[i + 1]]);
      this.rects[i].setAttribute('class', 'dark');
    }
    var text;
    var self = this;
    if (this.failure !== null && this.ply === this.openPly) {
      this.failed.forEach(function (square) {
        self.rects[square].setAttribute('class', 'dark failed');
      });
      text = this.failure;
    } else if (this.ply === 0) {
      // A board without moves keeps the words the page gives it.
      text = this.plies.length ? 'Start position: ' + sideName(position[0]) + ' to move.'
        : this.status.textContent;
    } else {
      var ply = this.plies[this.ply - 1];
      this.rects[ply.from].setAttribute('class', 'dark last-move');
      this.rects[ply.to].setAttribute('class', 'dark last-move');
      var taken = ply.captured.map(function (square) {
        self.rects[square].setAttribute('class', 'dark captured');
        return squareName(square, self.width);
      });
      text = 'After ' + this.label(this.ply) + ' (ply ' + this.ply + ' of ' +
        this.plies.length + ')';
      if (taken.length) {
        text += ', takes ' + taken.join(', ');
      }
      if (ply.promotes) {
        text += ', becomes a king';
      }
      text += ': ' + sideName(position[0]) + ' to move.';
      if (this.ply === this.endPly) {
        text += ' The game is over: ' + this.endText + '.';
      }
    }
    this.status.textContent = text;
    this.svg.setAttribute('aria-label', text + ' ' + this.describe(position));
    this.fen.textContent = this.fenOf(position);
    for (var b = 0; b < this.buttons.length; b++) {
      if (b === this.ply - 1) {
        this.buttons[b].setAttribute('aria-current', 'step');
      } else {
        this.buttons[b].removeAttribute('aria-current');
      }
    }
  };

  var viewers = [];
  var elements = document.querySelectorAll('.viewer');
  for (var v = 0; v < elements.length; v++) {
    var viewer = new Viewer(elements[v]);
    if (viewer.steps) {
      viewers.push(viewer);
    }
  }
  active = viewers[0] || null;
  // Keys pressed with nothing focused (or sent to the page itself) step the viewer used
  // last (at first, the first one).
  window.addEventListener('keydown', function (event) {
    var target = event.target;
    var page = target === window || target === document || target === document.body ||
      target === document.documentElement;
    if (active && page && active.key(event)) {
      event.preventDefault();
    }
  });

  // Sortable tables: a button in each column head sorts the rows by that column.
  function sortBy(table, column, head) {
    var numeric = head.classList.contains('number');
    var ascending = head.getAttribute('aria-sort') !== 'ascending';
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[column].textContent;
      var y = b.cells[column].textContent;
      var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) {
      body.appendChild(row);
    });
    var heads = table.tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) {
      heads[i].removeAttribute('aria-sort');
    }
    head.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
  }

  var tables = document.querySelectorAll('table.sortable');
  Array.prototype.forEach.call(tables, function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (head, column) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = head.textContent;
      button.title = 'Sort by ' + head.textContent;
      head.textContent = '';
      head.appendChild(button);
      button.addEventListener('click', function () {
        sortBy(table, column, head);
      });
    });
  });
})();
