// The onboarding tour (SPEC 4 "Onboarding"): welcome, features, goal-setting, navigation. Next
// waits for a goal on goal-setting; the last step completes with the goal (+50 XP) or skips to
// the default goal. Escape means 'Skip Tutorial', so it works on the last step only.
import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { notify } from '@/lib/events';
import { completeOnboarding, skipOnboarding } from '@/lib/session';
import {
  ONBOARDING_GOALS,
  ONBOARDING_STEPS,
  canGoNext,
  completedGoal,
  type OnboardingGoal,
  type OnboardingStep,
} from '@/domain/onboarding';
import { ONBOARDING_XP } from '@/domain/xp';
import './onboarding.css';

const TITLES: Record<OnboardingStep, string> = {
  welcome: 'Welcome to Budget Quest!',
  features: 'What you can do',
  goal: 'Choose your goal',
  navigation: 'Finding your way',
};

const FEATURES: { icon: string; name: string; text: string }[] = [
  { icon: '\ud83c\udfc6', name: 'Quests', text: 'Complete money challenges to earn lives and XP.' },
  { icon: '\ud83c\udfe0', name: 'Home', text: 'See where your money went this month against 50/30/20.' },
  {
    icon: '\ud83d\uddc2\ufe0f',
    name: 'Matcher',
    text: 'Sort your transactions into Needs, Wants and Savings.',
  },
  { icon: '\ud83c\udfae', name: 'Games', text: 'Spend lives on mini-games; more unlock as you level up.' },
];

export default function OnboardingDialog() {
  const [index, setIndex] = useState(0);
  const [goal, setGoal] = useState<OnboardingGoal | null>(null);
  const step = ONBOARDING_STEPS[index];
  const last = index === ONBOARDING_STEPS.length - 1;

  const finish = () => {
    const paid = completeOnboarding(completedGoal(goal));
    if (paid.xp > 0) notify(`Tutorial complete! You earned ${paid.xp} XP.`, 'success');
  };

  return (
    // Keyed by step so each step's heading takes the focus and is read out as it opens.
    <Dialog
      key={step}
      title={TITLES[step]}
      onClose={() => skipOnboarding()}
      dismissible={last}
      closeOnBackdrop={false}
      className="onboarding"
      focusTitle
    >
      <p className="onboarding-progress">
        <span>
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </span>
        <span className="onboarding-dots" aria-hidden="true">
          {ONBOARDING_STEPS.map((s, i) => (
            <span key={s} className={i <= index ? 'done' : undefined} />
          ))}
        </span>
      </p>
      <StepBody step={step} goal={goal} onGoal={setGoal} />
      <div className="dialog-actions onboarding-actions">
        {index > 0 && (
          <button type="button" className="btn btn-ghost" onClick={() => setIndex(index - 1)}>
            Back
          </button>
        )}
        {last ? (
          <>
            <button type="button" className="btn" onClick={() => skipOnboarding()}>
              Skip Tutorial
            </button>
            <button type="button" className="btn btn-primary" onClick={finish}>
              Get Started
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canGoNext(step, goal)}
            onClick={() => setIndex(index + 1)}
          >
            Next
          </button>
        )}
      </div>
    </Dialog>
  );
}

function StepBody(props: {
  step: OnboardingStep;
  goal: OnboardingGoal | null;
  onGoal: (g: OnboardingGoal) => void;
}) {
  switch (props.step) {
    case 'welcome':
      return (
        <Body>
          <p className="onboarding-hero" aria-hidden="true">
            {'\ud83d\udcb0'}
          </p>
          <p>
            Budget Quest turns the 50/30/20 method into a game: 50% of your income for needs, 30% for wants
            and 20% for savings.
          </p>
          <p>Complete quests, earn XP and lives, and level up as your money habits grow.</p>
        </Body>
      );
    case 'features':
      return (
        <ul className="onboarding-features">
          {FEATURES.map((f) => (
            <li key={f.name}>
              <span className="onboarding-icon" aria-hidden="true">
                {f.icon}
              </span>
              <span>
                <strong>{f.name}</strong> {f.text}
              </span>
            </li>
          ))}
        </ul>
      );
    case 'goal':
      return (
        <fieldset className="onboarding-goals">
          <legend>What do you want Budget Quest to help you with? You can change it on Home any time.</legend>
          {ONBOARDING_GOALS.map((g) => (
            <label key={g} className={props.goal === g ? 'selected' : undefined}>
              <input
                type="radio"
                name="onboarding-goal"
                value={g}
                checked={props.goal === g}
                onChange={() => props.onGoal(g)}
              />
              {g}
            </label>
          ))}
        </fieldset>
      );
    case 'navigation':
      return (
        <Body>
          <p>
            The navigation bar takes you to Matcher, Games, Quests, Home and Profile: at the bottom of the
            screen on a phone, at the side on a wide screen.
          </p>
          <p>
            The <strong>Add Expense</strong> button (+) on every page logs a cash expense in seconds.
          </p>
          <p className="onboarding-reward">Get Started to earn {ONBOARDING_XP} XP.</p>
        </Body>
      );
  }
}

function Body({ children }: { children: ReactNode }) {
  return <div className="onboarding-body">{children}</div>;
}
