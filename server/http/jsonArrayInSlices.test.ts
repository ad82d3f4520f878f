import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './errorHandler';
import { jsonArrayInSlices, mapInSlices } from './jsonArrayInSlices';
import { DeadlineExceededError, installRequestDeadline, RequestDeadline } from './requestDeadline';

describe('jsonArrayInSlices', () => {
  it('writes the same JSON as JSON.stringify, for empty, small and multi-slice lists', async () => {
    for (const count of [0, 1, 1999, 2000, 2001, 4500]) {
      const items = Array.from({ length: count }, (_, index) => ({ index, name: `lot « ${index} »`, empty: null }));
      const toJson = (item: (typeof items)[number]) => ({ ...item, double: item.index * 2 });
      const text = await jsonArrayInSlices(items, toJson, RequestDeadline.none());
      expect(text).toBe(JSON.stringify(items.map(toJson)));
    }
  });

  it('stops between slices once the deadline has expired', async () => {
    const deadline = RequestDeadline.none();
    let written = 0;
    const items = Array.from({ length: 10_000 }, (_, index) => index);
    const writing = jsonArrayInSlices(
      items,
      (item) => {
        written += 1;
        if (written === 2000) deadline.expire();
        return item;
      },
      deadline,
    );
    await expect(writing).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(written).toBe(2000);
  });
});

describe('mapInSlices', () => {
  it('maps like Array.map, in order, for empty, small and multi-slice lists', async () => {
    for (const count of [0, 1, 99, 100, 101, 450]) {
      const items = Array.from({ length: count }, (_, index) => index);
      expect(await mapInSlices(items, (item) => item * 3, RequestDeadline.none(), { sliceSize: 100 })).toEqual(
        items.map((item) => item * 3),
      );
    }
  });

  it('gives the event loop a turn between slices and stops once the deadline has expired', async () => {
    const deadline = RequestDeadline.none();
    let mapped = 0;
    let turned = false;
    let turnedBeforeSecondSlice = false;
    setImmediate(() => (turned = true));
    const items = Array.from({ length: 1000 }, (_, index) => index);
    const mapping = mapInSlices(
      items,
      (item) => {
        mapped += 1;
        if (mapped === 1) expect(turned).toBe(false);
        if (mapped === 101) turnedBeforeSecondSlice = turned;
        if (mapped === 300) deadline.expire();
        return item;
      },
      deadline,
      { sliceSize: 100 },
    );
    await expect(mapping).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(mapped).toBe(300);
    expect(turnedBeforeSecondSlice).toBe(true);
  });
});

describe('a long list behind a request deadline', () => {
  it('answers 503 in French at the deadline and stops writing the list', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app, 100);
    installRequestDeadline(app, 100);
    const items = Array.from({ length: 200_000 }, (_, index) => index);
    let written = 0;
    app.get('/api/long-list', async (request, reply) => {
      const list = await jsonArrayInSlices(
        items,
        (item) => {
          written += 1;
          // About 20 µs of work per item: seconds for the whole list, far past the 100 ms deadline.
          const until = performance.now() + 0.02;
          while (performance.now() < until);
          return item;
        },
        request.deadline,
      );
      return reply.type('application/json').send(list);
    });
    const response = await app.inject({ method: 'GET', url: '/api/long-list' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'DEADLINE_EXCEEDED', detail: expect.stringContaining('délai') });
    // The work stopped at the slice after the deadline instead of writing every item.
    await new Promise((resolve) => setImmediate(resolve));
    const writtenAtAnswer = written;
    expect(writtenAtAnswer).toBeLessThan(items.length);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toBe(writtenAtAnswer);
    await app.close();
  });
});
