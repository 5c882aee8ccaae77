import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';

const DEBOUNCE_MS = 300;

/** The search field: it answers while typing, and asks the server once typing pauses for 300 ms. */
export function LeadSearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const [sent, setSent] = useState<string | null>(null);

  // The search changed in the URL. Our own search coming back leaves the field alone (typing may have
  // gone on); any other change (Back, Clear filters) is shown in the field.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== sent) setDraft(value);
    setSent(null);
  }

  useEffect(() => {
    const term = draft.trim();
    if (term === value) return;
    const timer = setTimeout(() => {
      setSent(term);
      onSearch(term);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search leads
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Search by parent, child, email or phone"
        autoComplete="off"
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {draft && (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            setSent('');
            onSearch('');
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label="Clear search"
          title="Clear search"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
