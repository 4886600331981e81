// The one channel between a game's page and its scene: commands in, reports out, typed both ways.
import { describe, expect, it, vi } from 'vitest';
import { createGameChannel, isPauseCommand } from '@games/shared/channel';

type Command = 'newGame' | 'continue';

describe('the game channel', () => {
  it('when the page sends before the scene listens, then nothing happens; once it listens, the command arrives', () => {
    const channel = createGameChannel<Command, { score: number }>();
    channel.send('newGame');
    const heard = vi.fn();
    const release = channel.listen(heard);
    channel.send('continue');
    channel.send('toggle');
    expect(heard.mock.calls).toEqual([['continue'], ['toggle']]);
    release();
    channel.send('newGame');
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('when the scene reports before the page watches, then the page hears the last report of each kind at once', () => {
    const channel = createGameChannel<Command, { score: number }>();
    channel.report('message', 'Press Space to start');
    channel.report('message', 'Score: 4');
    channel.report('view', { score: 4 });
    const messages: string[] = [];
    const views: { score: number }[] = [];
    const stop = channel.watch({ message: (m) => messages.push(m), view: (v) => views.push(v) });
    expect(messages).toEqual(['Score: 4']);
    expect(views).toEqual([{ score: 4 }]);
    channel.report('pause', 'paused');
    channel.report('view', { score: 8 });
    expect(views).toEqual([{ score: 4 }, { score: 8 }]);
    stop();
    channel.report('view', { score: 16 });
    expect(views).toHaveLength(2);
  });

  it('when a command is a pause command, then the scene tells it from its own', () => {
    expect(['toggle', 'pause', 'resume', 'newGame'].map(isPauseCommand)).toEqual([true, true, true, false]);
  });
});
