import { Value } from 'typebox/value';
import {
  IPC_EVENT_CHANNELS,
  type IpcEventChannel,
  type IpcEventPayload,
  isIpcEventChannel,
} from '../../server/contract';
import { describeSchemaErrors } from './schema-errors';

/** The bits of Electron's WebContents an event broadcast needs. */
export interface EventTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, ...args: unknown[]): void;
}

export interface EventSenderOptions {
  appOrigin: string;
  targets: () => Iterable<EventTarget>;
  log?: (message: string) => void;
}

export interface EventSender {
  /** Returns how many pages received the event. */
  send<E extends IpcEventChannel>(channel: E, payload: IpcEventPayload<E>): number;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Broadcasts declared events to console pages only. The payload is checked against
 * its closed schema first, for the same reason invoke responses are.
 */
export function createEventSender(options: EventSenderOptions): EventSender {
  return {
    send(channel, payload) {
      if (!isIpcEventChannel(channel)) {
        options.log?.(`not sending undeclared event ${String(channel)}`);
        return 0;
      }
      const schema = IPC_EVENT_CHANNELS[channel];
      if (!Value.Check(schema, payload)) {
        options.log?.(`not sending ${channel}: ${describeSchemaErrors(schema, payload)}`);
        return 0;
      }
      let delivered = 0;
      for (const target of options.targets()) {
        if (target.isDestroyed() || !sameOrigin(target.getURL(), options.appOrigin)) continue;
        target.send(channel, payload);
        delivered += 1;
      }
      return delivered;
    },
  };
}
