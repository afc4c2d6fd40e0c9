import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { ConnectedDeployment, createConnectedDeploymentBody, localStoredDeployment } from '../../shared/api/connected-deployments';
import type { Brand } from '../../shared/brand';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Conflict, InvalidInput, NotFound } from '../domain-errors';
import { deleteOwn, insertRows, listForUser, lockUser, updateOwn, type ConnectedDeploymentRow, type NewConnectedDeploymentRow } from './queries';

export interface ConnectedDeploymentDeps {
  db: Db;
  clock: Clock;
  brand: Brand;
}

/** Enough for any real estate of installations, small enough that the deploy menu stays usable. */
export const maxConnectedPerUser = 100;

type NewEntry = z.output<typeof createConnectedDeploymentBody> | z.output<typeof localStoredDeployment>;

const idAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newConnectedDeploymentId(): string {
  let id = 'cd_';
  for (let i = 0; i < 20; i += 1) id += idAlphabet[randomInt(idAlphabet.length)];
  return id;
}

/** The deploy menu's built-in entries; a private deployment may not take their names (public-site 5). */
export function reservedNames(brand: Brand): string[] {
  return [`${brand.name} Cloud`, 'Localhost'];
}

const nameKey = (name: string) => name.trim().toLowerCase();
// `https://a.example` and `https://a.example/` are the same installation.
const urlKey = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

function isReserved(brand: Brand, name: string): boolean {
  return reservedNames(brand).some((r) => nameKey(r) === nameKey(name));
}

export function toWire(row: ConnectedDeploymentRow): ConnectedDeployment {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    url: row.url,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function newRow(userId: string, entry: NewEntry, at: Date): NewConnectedDeploymentRow {
  return { id: newConnectedDeploymentId(), userId, name: entry.name, description: entry.description, url: entry.url, isDefault: entry.is_default, createdAt: at, updatedAt: at };
}

export async function listConnected(deps: ConnectedDeploymentDeps, userId: string): Promise<ConnectedDeployment[]> {
  return (await listForUser(deps.db, userId)).map(toWire);
}

export async function addConnected(deps: ConnectedDeploymentDeps, userId: string, entry: NewEntry): Promise<ConnectedDeployment> {
  if (isReserved(deps.brand, entry.name)) {
    throw new InvalidInput(`"${entry.name}" is the name of a built-in deployment; please choose another name`, [{ path: 'name', message: 'This name is reserved' }]);
  }
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await listForUser(tx, userId);
    if (existing.length >= maxConnectedPerUser) {
      throw new Conflict(`You can keep up to ${maxConnectedPerUser} private deployments; delete one before adding another`);
    }
    const [row] = await insertRows(tx, [newRow(userId, entry, deps.clock.now())]);
    if (!row) throw new Error('connected deployment insert returned nothing');
    return toWire(row);
  });
}

export async function describeConnected(deps: ConnectedDeploymentDeps, userId: string, id: string, description: string): Promise<ConnectedDeployment> {
  const row = await updateOwn(deps.db, id, userId, { description, updatedAt: deps.clock.now() });
  // someone else's id answers like a missing one
  if (!row) throw new NotFound('Deployment not found');
  return toWire(row);
}

export async function removeConnected(deps: ConnectedDeploymentDeps, userId: string, id: string): Promise<void> {
  // Someone else's id answers exactly like a missing one, so ids reveal nothing.
  if (!(await deleteOwn(deps.db, id, userId))) throw new NotFound('Deployment not found');
}

/**
 * The one-time merge of browser-stored entries after sign-in. An entry is added only when neither
 * its URL nor its name is already present (on the server or earlier in the batch), so sending the
 * same batch again adds nothing. Built-in names are skipped, and entries beyond the per-user cap are
 * dropped rather than failing the whole sync: the browser clears its list afterwards either way.
 */
export async function syncConnected(deps: ConnectedDeploymentDeps, userId: string, entries: NewEntry[]): Promise<ConnectedDeployment[]> {
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await listForUser(tx, userId);
    const urls = new Set(existing.map((r) => urlKey(r.url)));
    const names = new Set(existing.map((r) => nameKey(r.name)));
    const room = Math.max(0, maxConnectedPerUser - existing.length);
    const now = deps.clock.now().getTime();
    const rows: NewConnectedDeploymentRow[] = [];
    for (const entry of entries) {
      if (rows.length >= room) break;
      if (isReserved(deps.brand, entry.name) || urls.has(urlKey(entry.url)) || names.has(nameKey(entry.name))) continue;
      urls.add(urlKey(entry.url));
      names.add(nameKey(entry.name));
      // one millisecond apart so "oldest first" keeps the browser's order
      rows.push(newRow(userId, entry, new Date(now + rows.length)));
    }
    await insertRows(tx, rows);
    return (await listForUser(tx, userId)).map(toWire);
  });
}
