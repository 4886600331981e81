// The game screen frame: its title, cost and lives, and the start rule (one life per start, the
// spec's refusal at 0 lives, shown as text).
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { GameScreen, useGameSession, type GameSession } from '@/components/game-screen';
import { appStore } from '@/lib/store';
import { livesValueAtom } from '@/lib/progression';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';

const NO_LIVES = 'No lives remaining! Complete quests to earn more lives and play again.';

afterEach(cleanup);

function withLives(lives: number) {
  localStorage.setItem('userLives', String(lives));
  reloadPersistedAtoms(appStore);
}

/** A screen whose game is two buttons that ask the session to start and to end a play. */
function renderScreen(gameId: 'breakout' | 'category-matcher' = 'breakout') {
  let session!: GameSession;
  function Screen() {
    const s = useGameSession(gameId);
    session = s;
    return (
      <GameScreen gameId={gameId} refusal={s.refusal}>
        <p>game</p>
      </GameScreen>
    );
  }
  render(
    <Provider store={appStore}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </Provider>,
  );
  return () => session;
}

describe('GameScreen', () => {
  it('when a game screen opens, then it shows the title, the cost, the lives and Back to Games', () => {
    withLives(3);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Breakout' })).toBeInTheDocument();
    expect(screen.getByText('Costs 1 life per missed ball')).toBeInTheDocument();
    expect(screen.getByText(/Lives Remaining: 3/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Games/ })).toHaveAttribute('href', '/games');
  });

  it('when a play is started twice before it ends, then one life is spent', () => {
    withLives(3);
    const session = renderScreen();
    act(() => {
      expect(session().start()).toBe('started');
      expect(session().start()).toBe('started');
    });
    expect(appStore.get(livesValueAtom)).toBe(2);
    expect(screen.getByText(/Lives Remaining: 2/)).toBeInTheDocument();

    act(() => session().end());
    act(() => void session().start());
    expect(appStore.get(livesValueAtom)).toBe(1);
  });

  it('when no life is left, then the start is refused with the spec text and nothing is spent', () => {
    withLives(0);
    const session = renderScreen();
    act(() => expect(session().start()).toBe(NO_LIVES));
    expect(screen.getByRole('alert')).toHaveTextContent(NO_LIVES);
    expect(appStore.get(livesValueAtom)).toBe(0);

    withLives(1);
    act(() => void session().start());
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(appStore.get(livesValueAtom)).toBe(0);
  });

  it('when the game is the matcher, then it is free and starting it spends no life', () => {
    withLives(2);
    const session = renderScreen('category-matcher');
    expect(screen.getByText('Free: costs no lives')).toBeInTheDocument();
    act(() => void session().start());
    expect(appStore.get(livesValueAtom)).toBe(2);
  });
});

describe('GameScreen at 0 lives', () => {
  it('when a new player has no lives, then the quest that earns lives soonest is named with a button to it', () => {
    localStorage.clear();
    withLives(0);
    renderScreen();
    expect(
      screen.getByText('Out of lives. The quickest way back: the Financial Guru quest earns 5 lives.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Financial Guru' })).toHaveAttribute(
      'href',
      '/quests/financial-guru-article',
    );
  });

  it('when Financial Guru is done, then the next quickest quest is named', () => {
    localStorage.clear();
    localStorage.setItem('quest_financial-guru', '{"isStarted":false,"timeRemaining":0}');
    withLives(0);
    renderScreen();
    expect(screen.getByText(/the Yearly Income quest earns 5 lives/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Yearly Income' })).toHaveAttribute('href', '/');
  });

  it('when the player has lives, then no help shows', () => {
    withLives(2);
    renderScreen();
    expect(screen.queryByRole('region', { name: 'Earn lives' })).toBeNull();
  });
});
