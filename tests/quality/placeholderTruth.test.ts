/**
 * A ground truth that passes the plan's stand-in for content the user never gave ("Bullet point
 * 1[SPAN]Bullet point 2[SPAN]Bullet point 3", "Lorem ipsum…", search="company name") has no one right
 * answer: a model writing real bullets is not wrong. 0.3% (13/4,616) of tool-call ground truths in
 * the build of ed60632; assemble now turns them down, and gt_placeholder_argument counts them.
 */
import { describe, expect, it } from 'vitest';
import { unshownPlaceholder } from '../../pipeline/afterFailure.js';
import { gtPlaceholderArgument } from '../../pipeline/quality/measures/solvable.js';
import type { TestCase } from '../../pipeline/schemas.js';

const messages = (user: string, answer = '{"status": "ok"}') => [
  { role: 'system' as const, content: 'tools' },
  { role: 'user' as const, content: user },
  { role: 'function' as const, content: answer },
];
const slide = (bullet_items: string) => ({ name: 'PPT.add_text_page', args: { title: 'Introduction to Quantum Computing', bullet_items } });

describe('placeholder ground truths', () => {
  it('flags filler the user never gave and passes real content or a value the prompt shows', () => {
    const ask = "Add a page titled 'Introduction to Quantum Computing'.";
    expect(unshownPlaceholder(messages(ask), slide('Bullet point 1[SPAN]Bullet point 2[SPAN]Bullet point 3'))).toMatch(/numbered filler/);
    expect(unshownPlaceholder(messages(ask), slide('Lorem ipsum dolor sit amet'))).toMatch(/filler text/);
    expect(unshownPlaceholder(messages(ask), slide('Qubits[SPAN]Superposition[SPAN]Entanglement'))).toBeUndefined();
    // BFCL's order 12345 is a real id once an answer shows it.
    expect(unshownPlaceholder(messages('Cancel my order.', '{"orders": [12345]}'), { name: 'TradingBot.cancel_order', args: { order_id: '12345' } })).toBeUndefined();
    expect(unshownPlaceholder(messages('Cancel my order.'), { name: 'TradingBot.cancel_order', args: { order_id: '12345' } })).toMatch(/dummy/);
  });

  it('query_248_1: "current location" where the user named no place is a stand-in no weather API looks up; a place the user names is not', () => {
    const weather = (location: string) => ({ name: 'Weather.get_weather_today', args: { location } });
    const ask = 'Could you also tell me what the weather is like today?';
    expect(unshownPlaceholder(messages(ask), weather('current location'))).toMatch(/stand-in for a place nobody named/);
    expect(unshownPlaceholder(messages(ask), weather('my location'))).toMatch(/stand-in/);
    expect(unshownPlaceholder(messages(ask), weather('Paris'))).toBeUndefined();
    // The user's own words: "my current location at 456 Broad St" shows the phrase, and the plan passes the address anyway.
    expect(unshownPlaceholder(messages('How far is it from my current location at 456 Broad St?'), weather('current location'))).toBeUndefined();
    expect(unshownPlaceholder(messages(ask), weather('Current Location Park'))).toBeUndefined();
  });

  it('query_485_1 / 248_0: "vacation destination" the user says without naming it, and a bare "current", are stand-ins too', () => {
    const weather = (location: string) => ({ name: 'Weather.forecast_weather', args: { location, days: 3 } });
    const ask = 'Find a movie to watch during vacation. Additionally, check the weather forecast for next three days at the vacation destination.';
    expect(unshownPlaceholder(messages(ask), weather('vacation destination'))).toMatch(/stand-in for a place nobody named/);
    expect(unshownPlaceholder(messages('What is the weather going to be like for the next three days?'), weather('current'))).toMatch(/stand-in/);
    expect(unshownPlaceholder(messages('My vacation destination is Lisbon; check the weather there.'), weather('vacation destination'))).toBeUndefined();
    expect(unshownPlaceholder(messages(ask), weather('Lisbon'))).toBeUndefined();
  });

  it('query_92_1: a slot left in an email for someone to fill ("[insert topic]", "[Event Date]") is a template; a sign-off\'s "[Your Name]" the user never wrote is a slot too (standardize takes it out)', () => {
    const mail = (body: string) => ({ name: 'Email.send', args: { address: 'professor@example.com', title: 'Research proposal', body } });
    const ask = 'Email my research proposal to my professor.';
    expect(unshownPlaceholder(messages(ask), mail('I am writing to submit my research proposal on the topic of [insert topic]. Best regards, [Your Name]'))).toMatch(/template slot/);
    expect(unshownPlaceholder(messages(ask), mail('You are invited to [Event Name] on [Event Date].'))).toMatch(/template slot/);
    expect(unshownPlaceholder(messages(ask), mail('I am writing to submit my research proposal on graph neural networks.\n\nBest regards,\n[Your Name]'))).toMatch(/sign-off slot/);
    expect(unshownPlaceholder(messages(ask), mail('I am writing to submit my research proposal on graph neural networks.'))).toBeUndefined();
  });

  it('the measure counts tool-call ground truths only', () => {
    const tc = (groundTruth: unknown) => ({ messages: messages('Make the slides.'), groundTruth }) as unknown as TestCase;
    expect(gtPlaceholderArgument.check(tc(slide('Bullet point 1[SPAN]Bullet point 2')), {} as never)).toMatch(/PPT.add_text_page/);
    expect(gtPlaceholderArgument.check(tc({ name: 'FinishAction', args: 'Done.' }), {} as never)).toBeUndefined();
  });
});
