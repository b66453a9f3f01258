import { createContext, useContext } from 'react';
import { useAppState, type AppStore } from './state';

export const StoreContext = createContext<AppStore | null>(null);

export function useStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('StoreContext is missing');
  return store;
}

export function useApp() {
  const store = useStore();
  return { store, state: useAppState(store) };
}
