// Who a request or an editing connection acts for: shared by every domain and transport (the token says it, the
// auth domain checks it, services decide by it).

/** 'visitor': an account made by POST /auth/autoreg/ for a shopper who has not logged in yet. */
export type Role = 'visitor' | 'user' | 'moderator' | 'admin';

export interface AuthenticatedUser {
  id: number;
  role: Role;
}
