// In-process notices about users that other parts react to: a logout disconnects that user's editing sockets.
import { EventEmitter } from 'node:events';

export function createUserEvents() {
  const emitter = new EventEmitter();
  return {
    loggedOut(userId: number): void {
      emitter.emit('logout', userId);
    },
    /** Returns the function that stops listening. */
    onLogout(listener: (userId: number) => void): () => void {
      emitter.on('logout', listener);
      return () => emitter.off('logout', listener);
    },
  };
}

export type UserEvents = ReturnType<typeof createUserEvents>;
