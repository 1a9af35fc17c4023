import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentStore } from '../../api/current-store';
import { ACCOUNT_PATH, INTEGRATIONS_PATH } from '../../lib/paths';
import { Skeleton } from '../../ui/skeleton';
import { FIRST_STEPS_ID } from '../shell/help';
import { RouterLink } from '../shell/router-link';
import { type FirstStep, FirstStepsGuide } from './first-steps-guide';
import { stepQueries } from './step-queries';

export interface FirstStepsProps {
  /** The store's current year: its investment is the step. */
  currentYear: number;
  /** Opens the dashboard's investment modal on the current year. */
  onSetInvestment: () => void;
  /** What the guide goes above: held back (one placeholder instead) until the guide knows whether it shows. */
  children?: ReactNode;
}

/**
 * The first-steps guide on the dashboard, from the data each step changes: the store's integration,
 * its plan (the welcome guide's second step: the account's subscription tab), this year's investment
 * and the team. Only the steps the role can take; none until every answer is
 * in (no step flickers from pending to done). Once all are done it leaves, unless the help menu led
 * here (`#primeros-pasos`), where it says everything is done. What comes under it waits for that
 * answer too: a guide appearing above content already drawn would push it down the screen.
 */
export function FirstSteps({ currentYear, onSetInvestment, children }: FirstStepsProps) {
  const { role, storeId } = useCurrentStore();
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const queries = stepQueries(role, storeId, currentYear);
  const integrations = useQuery(queries.integrations);
  const subscription = useQuery(queries.subscription);
  const acquisition = useQuery(queries.acquisition);
  const team = useQuery(queries.team);
  const [canConnect, canChoosePlan, canInvest, canInvite] = [
    queries.integrations.enabled,
    queries.subscription.enabled,
    queries.acquisition.enabled,
    queries.team.enabled,
  ];
  const askedFor = hash === `#${FIRST_STEPS_ID}`;
  // A step whose data failed to load is left out rather than holding the page back.
  const settled = [integrations, subscription, acquisition, team].every((query) => !query.isLoading);

  const steps: FirstStep[] = [];
  if (canConnect && integrations.data)
    steps.push({ key: 'connectStore', done: integrations.data.store.state !== 'notConnected', action: { href: INTEGRATIONS_PATH } });
  if (canChoosePlan && subscription.data)
    steps.push({ key: 'choosePlan', done: subscription.data.subscription !== null, action: { href: ACCOUNT_PATH } });
  if (canInvest && acquisition.data)
    steps.push({ key: 'setInvestment', done: acquisition.data.investment !== null, action: { onClick: onSetInvestment } });
  if (canInvite && team.data)
    steps.push({
      key: 'inviteTeam',
      done: team.data.members.some((member) => !member.isYou) || team.data.invitations.length > 0,
      action: { href: `${ACCOUNT_PATH}?tab=store` },
    });
  const expected = [canConnect, canChoosePlan, canInvest, canInvite].filter(Boolean).length;
  const ready = expected > 0 && steps.length === expected;
  // What it holds back is the heavy part of the page: drawn in the background once an answer it waited for is in.
  // Answers the page carried are in at once: the guide is then drawn with the page's first frame, as its largest text.
  const released = useDeferredValue(settled);
  const shown = released && ready && (askedFor || steps.some((step) => !step.done));

  // Reached from the help menu: the guide comes into view and takes the focus, as a jump to an anchor does.
  useEffect(() => {
    if (shown && askedFor) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    }
  }, [shown, askedFor]);

  if (!released)
    return (
      <div aria-busy="true">
        <Skeleton shape="block" />
      </div>
    );
  return (
    <>
      {shown ? <FirstStepsGuide id={FIRST_STEPS_ID} steps={steps} headingRef={heading} linkComponent={RouterLink} /> : null}
      {children}
    </>
  );
}
