// <Tweet id>'s address: a post of X, from its numeric id only.

export const tweetUrl = (id: string): string | null => (/^\d{1,25}$/.test(id) ? `https://x.com/i/status/${id}` : null)
