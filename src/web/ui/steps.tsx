import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import * as StepsParts from './parts/steps';

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
  /** `current`: on a phone only the current step shows its name (a wizard of many steps). */
  phoneTitles?: 'all' | 'current';
}

/** The progress of a wizard (two steps for templates and segments, five for ad campaigns). */
export function Steps({ id, items, step, onStepChange, children, phoneTitles = 'all' }: StepsProps) {
  const { t } = useTranslation('common');
  return (
    <StepsParts.Root id={id} count={items.length} step={step} linear phoneTitles={phoneTitles}>
      {/* A progress list, not Ark's tab list (nothing here is a tab panel); only finished steps are buttons. */}
      <StepsParts.List
        aria-label={t('ui.steps.progress', {
          step: step + 1,
          count: items.length,
        })}
      >
        {items.map((item, index) => {
          const marker = (
            <>
              <StepsParts.Indicator>{index < step ? <Icon name="check" /> : index + 1}</StepsParts.Indicator>
              <StepsParts.Title>{item.title}</StepsParts.Title>
              {index < step ? <StepsParts.SrOnly>{t('ui.steps.complete')}</StepsParts.SrOnly> : null}
            </>
          );
          return (
            <StepsParts.Item key={item.value} index={index} asChild>
              <li>
                {index < step && onStepChange ? (
                  <StepsParts.Trigger type="button" onClick={() => onStepChange(index)}>
                    {marker}
                  </StepsParts.Trigger>
                ) : (
                  <StepsParts.Trigger asChild>
                    <span>{marker}</span>
                  </StepsParts.Trigger>
                )}
                {index < items.length - 1 ? <StepsParts.Separator /> : null}
              </li>
            </StepsParts.Item>
          );
        })}
      </StepsParts.List>
      {children}
    </StepsParts.Root>
  );
}
