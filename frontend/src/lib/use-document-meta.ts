import { useEffect } from 'react';

/** Every page sets its own title and meta description. */
export function useDocumentMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title.includes('Guildhall') ? title : `${title} | Guildhall`;
    if (description) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.appendChild(tag);
      }
      tag.content = description;
    }
  }, [title, description]);
}
