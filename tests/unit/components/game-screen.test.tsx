// @vitest-environment jsdom
// The game screen frame: its title, cost and lives, and at 0 lives the quest that earns lives soonest.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { GameScreen } from '@/components/game-screen';
import { appStore } from '@/lib/store';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';

afterEach(cleanup);

function withLives(lives: number) {
  localStorage.setItem('userLives', String(lives));
  reloadPersistedAtoms(appStore);
}

/** A game screen around a stand-in game. */
function renderScreen(gameId: 'breakout' | 'category-matcher' = 'breakout') {
  render(
    <Provider store={appStore}>
      <MemoryRouter>
        <GameScreen gameId={gameId}>
          <p>game</p>
        </GameScreen>
      </MemoryRouter>
    </Provider>,
  );
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

  it('when the game is the matcher, then it says it is free', () => {
    withLives(2);
    renderScreen('category-matcher');
    expect(screen.getByText('Free: costs no lives')).toBeInTheDocument();
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

describe('GameScreen before the lives are known (issue 33)', () => {
  it('when this browser has no lives stored, then the help waits for the server and then shows', async () => {
    localStorage.clear();
    reloadPersistedAtoms(appStore);
    renderScreen();
    expect(screen.queryByRole('region', { name: 'Earn lives' })).toBeNull();
    const { restoreProgression } = await import('@/lib/progression');
    const { newProgressState } = await import('@/domain/progress-ledger');
    act(() => restoreProgression({ ...newProgressState(), lives: 0 }, appStore));
    expect(screen.getByRole('region', { name: 'Earn lives' })).toBeInTheDocument();
  });
});
