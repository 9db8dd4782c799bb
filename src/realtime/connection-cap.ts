// SOCKETS_PER_USER on Socket.IO: a namespace middleware after the token check that takes the connection's place
// among its user's, or refuses the handshake with rate_limited (connect_error, data.code).
import type { Socket } from 'socket.io';
import type { AuthenticatedUser } from '../auth/token-user';
import type { EditingRequests } from './editing-requests';
import { tooManyConnections, type UserLease } from './user-limits';

export function capConnectionsPerUser(requests: EditingRequests, socketsPerUser: number) {
  return (socket: Socket, next: (error?: Error) => void) => {
    const lease = requests.admit(socket.data.user as AuthenticatedUser);
    if (!lease) {
      const refusal = tooManyConnections(socketsPerUser);
      return next(Object.assign(new Error(refusal.message), { data: { code: refusal.code } }));
    }
    socket.data.lease = lease;
    // A client gone before its connection completes never gets 'disconnect': its transport's close frees the place.
    const release = () => lease.release();
    socket.conn.once('close', release);
    socket.once('disconnect', () => socket.conn.off('close', release));
    next();
  };
}

/** The place capConnectionsPerUser took for this socket. */
export const leaseOf = (socket: Socket) => socket.data.lease as UserLease;
