/**
 * Who annotates from what: per annotator, the device classes their visits came from. Kept whether or not the
 * card stack is on, so an admin can see before enabling it whether phones are in use, and after, whether
 * phone users kept going on a task that is not made for them. Aggregates only: no per-item tracking.
 */
import type { Clock, Store } from '../ports.js';
import type { DeviceClass } from '../../../shared/device-class.js';

interface DeviceVisitRecord {
  username: string;
  last_device: DeviceClass;
  /** ISO time of the last visit */
  last_seen: string;
  /** the last User-Agent, cut to 300 characters */
  last_user_agent: string;
  mobile_visits: number;
  tablet_visits: number;
  desktop_visits: number;
  /** visits to the card stack itself */
  pocket_visits: number;
}

declare module '../ports.js' {
  interface Tables {
    /** username → their device visit counts */
    device_visits: DeviceVisitRecord;
  }
}

export interface VisitReport {
  users: (DeviceVisitRecord & { used_touch_device: boolean })[];
  summary: { n_users: number; n_touch_users: number; headline: string };
}

export class DeviceVisits {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Counts one visit; `pocket` for a visit to the card stack. */
  async record(username: string, device: DeviceClass, userAgent: string, pocket: boolean): Promise<void> {
    const was = this.store.get('device_visits', username);
    const value: DeviceVisitRecord = {
      username,
      last_device: device,
      last_seen: new Date(this.clock.now()).toISOString(),
      last_user_agent: userAgent.slice(0, 300),
      mobile_visits: (was?.mobile_visits ?? 0) + (device === 'mobile' ? 1 : 0),
      tablet_visits: (was?.tablet_visits ?? 0) + (device === 'tablet' ? 1 : 0),
      desktop_visits: (was?.desktop_visits ?? 0) + (device === 'desktop' ? 1 : 0),
      pocket_visits: (was?.pocket_visits ?? 0) + (pocket ? 1 : 0),
    };
    await this.store.write([{ table: 'device_visits', key: username, value }]);
  }

  /** Every annotator seen, touch-device users first, then by name. */
  report(): VisitReport {
    const users = [...this.store.entries('device_visits')].map(([, r]) => ({
      ...r,
      used_touch_device: r.mobile_visits + r.tablet_visits > 0,
    }));
    users.sort(
      (a, b) => Number(b.used_touch_device) - Number(a.used_touch_device) || a.username.localeCompare(b.username),
    );
    const touch = users.filter((u) => u.used_touch_device).length;
    return {
      users,
      summary: {
        n_users: users.length,
        n_touch_users: touch,
        headline: `${touch} of ${users.length} users have visited from a phone or tablet`,
      },
    };
  }
}
