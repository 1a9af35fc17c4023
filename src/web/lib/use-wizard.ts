import { type RefObject, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type FieldPath, type FieldValues, get, type UseFormSetFocus, type UseFormTrigger } from 'react-hook-form';

/** One step of a wizard: what it is called, and the fields it holds. */
export interface WizardStep<Id extends string, Field extends string> {
  id: Id;
  /** What "Siguiente" checks before moving on, and where a refusal or a failed submit takes the merchant. */
  fields: readonly Field[];
}

export interface UseWizardOptions<Values extends FieldValues, Id extends string, Field extends FieldPath<Values>> {
  steps: readonly WizardStep<Id, Field>[];
  form: { trigger: UseFormTrigger<Values>; setFocus: UseFormSetFocus<Values> };
  /** The step shown first, from 0 (stories start on any). */
  defaultStep?: number | undefined;
  /**
   * The server's words by the form field each belongs to. A new object is a new refusal: the wizard
   * goes to the step that holds the first field it names, in the steps' order, and focuses that field.
   */
  serverErrors?: Partial<Record<string, string>> | undefined;
}

export interface Wizard<Values extends FieldValues, Id extends string> {
  /** The step shown, from 0. */
  step: number;
  current: Id;
  last: boolean;
  /** The shown step's title: it takes the keyboard when a button changes the step, since the button goes with its step. */
  titleRef: RefObject<HTMLHeadingElement | null>;
  /** To a step by a button (back, a finished step of the progress). */
  goTo: (step: number) => void;
  /** On to the next step once the fields of this one break no rule. */
  next: () => Promise<void>;
  back: () => void;
  /** `handleSubmit`'s second callback: back to the first step with a field that breaks a rule. */
  onInvalid: (errors: FieldErrors<Values>) => void;
}

/** The steps of a form on react-hook-form, one at a time (the ad campaign's five, the advanced segment's two). */
export function useWizard<Values extends FieldValues, Id extends string, Field extends FieldPath<Values>>({
  steps,
  form: { trigger, setFocus },
  defaultStep = 0,
  serverErrors,
}: UseWizardOptions<Values, Id, Field>): Wizard<Values, Id> {
  const lastIndex = steps.length - 1;
  const [step, setStep] = useState(() => Math.min(Math.max(0, defaultStep), lastIndex));
  const stepOf = (field: Field) => steps.findIndex((candidate) => candidate.fields.includes(field));

  const titleRef = useRef<HTMLHeadingElement>(null);
  const [titleFocusRequest, setTitleFocusRequest] = useState(0);
  const goTo = (index: number) => {
    setTitleFocusRequest((request) => request + 1);
    setStep(index);
  };
  useEffect(() => {
    if (titleFocusRequest > 0) titleRef.current?.focus();
  }, [titleFocusRequest]);

  // A refusal takes the merchant to the first step with a refused field, and to that field, once.
  const refused = steps.flatMap((candidate) => candidate.fields).find((field) => serverErrors?.[field] !== undefined);
  const refusedStep = refused === undefined ? -1 : stepOf(refused);
  const [placedRefusal, setPlacedRefusal] = useState(serverErrors);
  if (placedRefusal !== serverErrors) {
    setPlacedRefusal(serverErrors);
    if (refusedStep !== -1) setStep(refusedStep);
  }
  const focusedRefusal = useRef<unknown>(undefined);
  useEffect(() => {
    if (refused === undefined || focusedRefusal.current === serverErrors || refusedStep !== step) return;
    focusedRefusal.current = serverErrors;
    try {
      setFocus(refused);
    } catch {
      // A field drawn by a part that takes no focus from code (the file list): the keyboard stays where it is.
    }
  }, [refused, refusedStep, serverErrors, step, setFocus]);

  const current = steps[step]?.id ?? (steps[0]?.id as Id);
  return {
    step,
    current,
    last: step === lastIndex,
    titleRef,
    goTo,
    next: async () => {
      if (await trigger([...(steps[step]?.fields ?? [])])) goTo(step + 1);
    },
    back: () => goTo(step - 1),
    onInvalid: (errors) => {
      const first = steps.findIndex((candidate) => candidate.fields.some((field) => get(errors, field) !== undefined));
      if (first !== -1 && first !== step) goTo(first);
    },
  };
}
