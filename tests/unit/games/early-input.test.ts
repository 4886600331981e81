// @vitest-environment jsdom
// Input given to a game's page before its scene listens: recorded by the host, handed to the scene.
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_MAX, recordEarlyInput, takeEarlyInput } from '@games/shared/early-input';

const key = (
  type: 'keydown' | 'keyup',
  k: string,
  init: KeyboardEventInit = {},
  target: EventTarget = window,
) => {
  const event = new KeyboardEvent(type, { key: k, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};
const summary = () =>
  takeEarlyInput().map((i) =>
    i.type === 'blur' ? 'blur' : `${i.type} ${'key' in i.event ? i.event.key : ''}`,
  );

afterEach(() => {
  takeEarlyInput();
  document.body.innerHTML = '';
});

describe('early input', () => {
  it('when keys are pressed before the scene listens, then it gets them in order, once', () => {
    recordEarlyInput(null);
    key('keydown', ' ');
    key('keyup', ' ');
    key('keydown', 'ArrowLeft');
    window.dispatchEvent(new Event('blur'));
    expect(summary()).toEqual(['keydown  ', 'keyup  ', 'keydown ArrowLeft', 'blur']);
    // Taken: the recording has ended, and a later key is the scene's own.
    key('keydown', 'ArrowRight');
    expect(takeEarlyInput()).toEqual([]);
  });

  it('when Space or an arrow is pressed, then the page does not scroll for it; a letter keeps its default', () => {
    recordEarlyInput(null);
    expect(key('keydown', ' ').defaultPrevented).toBe(true);
    expect(key('keydown', 'ArrowDown').defaultPrevented).toBe(true);
    expect(key('keydown', 'w').defaultPrevented).toBe(false);
  });

  it("when a key is typed into the page's own controls or repeats while held, then it is not recorded", () => {
    document.body.innerHTML = '<button type="button">Back to Games</button>';
    recordEarlyInput(null);
    const button = document.querySelector('button')!;
    const typed = key('keydown', ' ', {}, button);
    expect(typed.defaultPrevented).toBe(false);
    key('keydown', 'ArrowLeft');
    key('keydown', 'ArrowLeft', { repeat: true });
    expect(summary()).toEqual(['keydown ArrowLeft']);
  });

  it("when the game's panel is pressed, then the press is recorded, not a press on its buttons", () => {
    document.body.innerHTML =
      '<section id="panel"><button type="button">Pause</button><div id="box"></div></section>';
    const panel = document.getElementById('panel')!;
    recordEarlyInput(panel);
    const press = (target: Element) =>
      target.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 10 }));
    press(document.querySelector('button')!);
    press(document.getElementById('box')!);
    press(document.body);
    expect(takeEarlyInput().map((i) => i.type)).toEqual(['pointerdown']);
  });

  it('when a player mashes keys, then at most EARLY_INPUT_MAX inputs are kept', () => {
    recordEarlyInput(null);
    for (let i = 0; i < EARLY_INPUT_MAX + 10; i++) key(i % 2 ? 'keyup' : 'keydown', 'a');
    expect(takeEarlyInput()).toHaveLength(EARLY_INPUT_MAX);
  });

  it('when the host stops the recording (unmounted before the start), then nothing is handed on', () => {
    const stop = recordEarlyInput(null);
    key('keydown', ' ');
    stop();
    expect(takeEarlyInput()).toEqual([]);
  });

  it('when a new game page records, then the earlier recording ends and its stop leaves the new one', () => {
    const stopFirst = recordEarlyInput(null);
    key('keydown', 'a');
    recordEarlyInput(null);
    stopFirst();
    key('keydown', 'b');
    expect(summary()).toEqual(['keydown b']);
  });
});
