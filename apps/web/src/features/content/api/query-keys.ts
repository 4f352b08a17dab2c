/** The content service's answers, per service address (the portal's own, or WordPress). */
export const contentKeys = {
  all: (base: string) => ['content', base] as const,
  home: (base: string, group: string) => [...contentKeys.all(base), 'home', group] as const,
  page: (base: string, slug: string) => [...contentKeys.all(base), 'page', slug] as const,
  posts: (base: string, group: string, perPage: number) => [...contentKeys.all(base), 'posts', group, perPage] as const,
  post: (base: string, id: number) => [...contentKeys.all(base), 'post', id] as const,
}
