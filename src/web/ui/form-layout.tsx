import { type ReactNode, type Ref, useId } from 'react';
import { formLayout as formLayoutRecipe } from 'styled-system/recipes';

/** The classes of a long form's layout: `form`, `section`, `pair`, `group`, `groupTitle`, `note`, `alert`, `footer`, `buttons`… */
export const formLayout = formLayoutRecipe();

export interface FormSectionProps {
  /** Already translated, like the description. */
  title: string;
  description?: string | undefined;
  /** Lets a step move the keyboard's focus to its title (it takes focus from code only). */
  titleRef?: Ref<HTMLHeadingElement> | undefined;
  children: ReactNode;
}

/** A titled part of a long form (one step of a wizard, or one group of fields). */
export function FormSection({ title, description, titleRef, children }: FormSectionProps) {
  const titleId = useId();
  return (
    <section className={formLayout.section} aria-labelledby={titleId}>
      <div className={formLayout.heading}>
        <h2 id={titleId} className={formLayout.title} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </h2>
        {description ? <p className={formLayout.note}>{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
