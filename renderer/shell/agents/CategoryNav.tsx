import { type KeyboardEvent, useRef } from 'react';
import { AgentIcon } from './agent-icons';
import { rovingIndex } from '../roving-index';

export interface Tab {
  id: string;
  name: string;
  icon: string;
}

interface Props {
  tabs: Tab[];
  active: string;
  onChange: (id: string) => void;
  /** id prefix linking each tab to the panel it controls */
  panelId: string;
}

export const tabDomId = (panelId: string, tab: string) => `${panelId}-tab-${tab}`;

/** ARIA tabs: arrow keys, Home and End move between categories (roving focus). */
export function CategoryNav({ tabs, active, onChange, panelId }: Props) {
  const list = useRef<HTMLDivElement>(null);

  const onKey = (e: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === active);
    const next = rovingIndex(e.key, index, tabs.length, 'both');
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabDomId(panelId, tab.id))}`)?.focus();
  };

  return (
    <div ref={list} className="category-nav" role="tablist" aria-label="Agent categories" onKeyDown={onKey}>
      {tabs.map((t) => (
        <button
          key={t.id}
          id={tabDomId(panelId, t.id)}
          type="button"
          role="tab"
          aria-selected={t.id === active}
          aria-controls={panelId}
          tabIndex={t.id === active ? 0 : -1}
          className={`category-tab ${t.id === active ? 'active' : ''}`}
          onClick={() => onChange(t.id)}
        >
          <AgentIcon name={t.icon} size={16} />
          {t.name}
        </button>
      ))}
    </div>
  );
}
