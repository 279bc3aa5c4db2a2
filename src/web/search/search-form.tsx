import type { FormEvent } from "react";
import { useNavigate } from "react-router";

/**
 * A field labelled "Search" that leads to /search?q=… (the top bar's and the feed's). Small on
 * purpose: the top bar's copy comes with the first page.
 */
export function SearchForm({ name, className }: { name: string; className?: string }) {
  const navigate = useNavigate();
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    navigate(q ? `/search?q=${encodeURIComponent(q)}` : "/search");
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: jsdom's roles (Testing Library) and older screen readers know no <search>
    <form
      role="search"
      aria-label={name}
      action="/search"
      className={className ? `search-form ${className}` : "search-form"}
      onSubmit={search}
    >
      <input type="search" name="q" aria-label="Search" placeholder="Find a talent" />
      <button type="submit" className="button">
        <svg className="search-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="m15 15 6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="search-label">Search</span>
      </button>
    </form>
  );
}
