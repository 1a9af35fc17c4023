import { Steps as ArkSteps } from '@ark-ui/react/steps';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { steps } from 'styled-system/recipes';
import { Icon } from './icons';

export interface StepItem {
  value: string;
  /** Already translated. */
  title: string;
}

export interface StepsProps {
  id: string;
  items: readonly StepItem[];
  /** Index of the current step, from 0. */
  step: number;
  /** Finished steps become buttons that go back to them; steps ahead open only through the wizard's buttons. */
  onStepChange?: (step: number) => void;
  /** The current step's form. */
  children?: ReactNode;
}

/** The progress of a wizard (two steps for templates and segments, five for ad campaigns). */
export function Steps({ id, items, step, onStepChange, children }: StepsProps) {
  const { t } = useTranslation('common');
  const classes = steps();
  return (
    <ArkSteps.Root id={id} className={classes.root} count={items.length} step={step} linear>
      {/* A progress list, not Ark's tab list (nothing here is a tab panel); only finished steps are buttons. */}
      <ol
        className={classes.list}
        aria-label={t('ui.steps.progress', {
          step: step + 1,
          count: items.length,
        })}
      >
        {items.map((item, index) => {
          const marker = (
            <>
              <ArkSteps.Indicator className={classes.indicator}>{index < step ? <Icon name="check" /> : index + 1}</ArkSteps.Indicator>
              {item.title}
              {index < step ? <span className={classes.srOnly}>{t('ui.steps.complete')}</span> : null}
            </>
          );
          return (
            <ArkSteps.Item key={item.value} index={index} asChild>
              <li className={classes.item}>
                {index < step && onStepChange ? (
                  <button type="button" className={classes.trigger} onClick={() => onStepChange(index)}>
                    {marker}
                  </button>
                ) : (
                  <span className={classes.trigger}>{marker}</span>
                )}
                {index < items.length - 1 ? <ArkSteps.Separator className={classes.separator} /> : null}
              </li>
            </ArkSteps.Item>
          );
        })}
      </ol>
      {children}
    </ArkSteps.Root>
  );
}
