'use client';

import { useEffect, useState } from 'react';

/** Scrollspy constants of the seed (§9): offset 10 px, throttle 75 ms. */
export const SCROLLSPY_OFFSET = 10;
export const SCROLLSPY_THROTTLE_MS = 75;

/** The id of the last section whose top has scrolled past the offset. */
export function activeSectionId(tops: { id: string; top: number }[], offset = SCROLLSPY_OFFSET): string | undefined {
  let active = tops[0]?.id;
  for (const section of tops) if (section.top - offset <= 0) active = section.id;
  return active;
}

export function SectionNav({ sections, label }: { sections: { id: string; label: string }[]; label: string }) {
  const [active, setActive] = useState(sections[0]?.id);

  useEffect(() => {
    let timer: number | undefined;
    const measure = () => {
      timer = undefined;
      const tops = sections.flatMap(({ id }) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      setActive(activeSectionId(tops));
    };
    const onScroll = () => {
      timer ??= window.setTimeout(measure, SCROLLSPY_THROTTLE_MS);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer) window.clearTimeout(timer);
    };
  }, [sections]);

  return (
    <nav aria-label={label} className="sticky-top pt-3 d-print-none">
      <ul className="nav nav-pills flex-column">
        {sections.map((section) => (
          <li className="nav-item" key={section.id}>
            <a
              className={`nav-link py-1 ${active === section.id ? 'active' : ''}`}
              href={`#${section.id}`}
              aria-current={active === section.id ? 'location' : undefined}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
