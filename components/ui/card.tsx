// A card: a titled section on the canvas (its heading names the region for screen readers).
import { useId, type ReactNode } from "react";

import { cardClass } from "@/components/ui/styles";

type Props = { title?: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; headingLevel?: 2 | 3 };

export function Card({ title, description, actions, children, className = "", headingLevel = 2 }: Props) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={title ? id : undefined} className={`${cardClass} min-w-0 ${className}`}>
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title ? (
              <Heading id={id} className="text-section font-semibold text-ink">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
