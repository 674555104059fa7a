import { type KeyboardEvent, type ReactNode, useRef } from 'react';

/**
 * The workspace's tab list (Fulfilment, Messages, Labs), in the WAI-ARIA tabs pattern: the chosen tab is the
 * one in the tab order, and arrows, Home and End move between the tabs and choose them. The panel is the
 * page's, with id `{idPrefix}-panel` and labelled by `tabId(idPrefix, value)`.
 */
export function CareTabs<T extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  render,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** A tab's content: its label, and a count when the page has one. */
  render: (tab: T) => ReactNode;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const at = tabs.indexOf(selected);
    const to =
      event.key === 'ArrowRight'
        ? tabs[(at + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(at - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    onSelect(to);
    refs.current.get(to)?.focus();
  }

  return (
    <div className="care-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab)}
          aria-selected={selected === tab}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={selected === tab ? 0 : -1}
          className="care-tabs__tab"
          onClick={() => onSelect(tab)}
          onKeyDown={onKey}
        >
          {render(tab)}
        </button>
      ))}
    </div>
  );
}

export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;
