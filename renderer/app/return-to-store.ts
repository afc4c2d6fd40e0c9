import { create } from 'zustand';

/** Where the router should go once sign-in has finished (read by `ReturnToNavigator` inside the router). */
export const useReturnToStore = create<{ returnTo: string | undefined }>()(() => ({ returnTo: undefined }));
