import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Console, ConsoleState } from './console-store';

const ConsoleContext = createContext<Console | null>(null);

export function ConsoleProvider({ console, children }: { console: Console; children: ReactNode }) {
  return (
    <ConsoleContext.Provider value={console}>
      <QueryClientProvider client={console.queryClient}>{children}</QueryClientProvider>
    </ConsoleContext.Provider>
  );
}

export function useConsole(): Console {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole needs a <ConsoleProvider> above it');
  return value;
}

/** Subscribes to one slice of the console state; return primitives or stored objects, not new ones. */
export function useConsoleState<T>(selector: (state: ConsoleState) => T): T {
  return useStore(useConsole().store, selector);
}
