import type { User } from '@guildhall/generated/types';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { client as apiClient } from '../api/client';
import { useCurrentUser } from '../api/queries';
import { queryKeys } from '../api/query-keys';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  logout(): Promise<void>;
  refresh(): Promise<unknown>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, onLoggedOut }: { children: ReactNode; onLoggedOut: () => void }) {
  const client = useQueryClient();
  const query = useCurrentUser();

  const logout = useCallback(async () => {
    try {
      await apiClient.logout();
    } catch (err) {
      console.error('Logout failed', err);
    }
    client.setQueryData(queryKeys.user, null);
    client.removeQueries({ queryKey: queryKeys.guilds });
    onLoggedOut();
  }, [client, onLoggedOut]);

  const value = useMemo<AuthState>(() => {
    const status: AuthStatus = query.isPending ? 'loading' : query.data ? 'authenticated' : 'unauthenticated';
    return { status, user: query.data ?? null, logout, refresh: () => query.refetch() };
  }, [query, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
