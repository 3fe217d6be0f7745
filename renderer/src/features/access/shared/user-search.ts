import { useDebouncedValue } from '@mantine/hooks';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi } from '../access-api';

/** As in Unleash, a user search needs at least 2 characters: shorter queries find nothing. */
export const MIN_USER_SEARCH = 2;
export const USER_SEARCH_HINT = 'Name, username or e-mail: at least 2 characters';
export const USER_SEARCH_TOO_SHORT = 'Type at least 2 characters to search';

/** Searches users once the text has 2 characters, after a pause in typing. */
export function useUserSearch(text: string) {
  const trimmed = text.trim();
  const [query] = useDebouncedValue(trimmed, 300);
  const searching = query.length >= MIN_USER_SEARCH;
  const found = useServerData(searching ? `user-admin/search?q=${query}` : null, (api, signal) =>
    accessApi(api).searchUsers(query, signal),
  );
  const tooShort = trimmed.length > 0 && trimmed.length < MIN_USER_SEARCH;
  return { query, searching, found, tooShort };
}

export const userLabel = (user: {
  id: number;
  name?: string | null;
  username?: string | null;
  email?: string;
}) => user.name || user.username || user.email || `#${user.id}`;
