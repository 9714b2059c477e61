import { useEffect } from 'react';

/** Sets the document title for a page. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Vidya`;
  }, [title]);
}
