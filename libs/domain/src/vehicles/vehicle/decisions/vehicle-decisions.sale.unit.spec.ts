import { describe, it } from 'vitest';
import {
  BOOKING_SECONDS, NOW, PREEMPTION_SECONDS, added, booked, buy, listed, preempt, preempted, sold, vehicleSpec,
} from '../../../testing/vehicle-fixtures.test-support.js';

const bookingEnd = NOW + BOOKING_SECONDS * 1000;
const preemptionEnd = NOW + PREEMPTION_SECONDS * 1000;

describe('PreemptVehicle', () => {
  it('holds a free vehicle for a short time, no need to have it in my lot', () => {
    vehicleSpec.given([listed]).when(preempt('dealer-a')).then([preempted('dealer-a')]);
  });

  it('pre-empting again while my hold lasts (pre-emption or booking) is a no-op', () => {
    vehicleSpec.given([listed, preempted('dealer-a')]).when(preempt('dealer-a', NOW + 1000)).thenNothing();
    vehicleSpec.given([listed, added('dealer-a'), booked('dealer-a')]).when(preempt('dealer-a', NOW + 1000)).thenNothing();
  });

  it('is once per dealer and vehicle', () => {
    vehicleSpec.given([listed, preempted('dealer-a')]).when(preempt('dealer-a', preemptionEnd)).thenThrows('VEHICLE_ALREADY_PREEMPTED');
  });

  it('refuses while another dealer holds it, allows once that hold is over', () => {
    vehicleSpec.given([listed, preempted('dealer-a')]).when(preempt('dealer-b', preemptionEnd - 1)).thenThrows('VEHICLE_HELD');
    vehicleSpec.given([listed, preempted('dealer-a')]).when(preempt('dealer-b', preemptionEnd)).then([preempted('dealer-b', preemptionEnd)]);
  });

  it('refuses a sold or unknown vehicle', () => {
    vehicleSpec.given([listed, sold('dealer-b')]).when(preempt('dealer-a')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([]).when(preempt('dealer-a')).thenThrows('VEHICLE_NOT_FOUND');
  });
});

describe('BuyVehicle', () => {
  it('sells a free vehicle at its price', () => {
    vehicleSpec.given([listed]).when(buy('dealer-a')).then([sold('dealer-a')]);
  });

  it('sells exactly once: another buyer is refused', () => {
    vehicleSpec.given([listed, sold('dealer-a')]).when(buy('dealer-b', NOW + 1)).thenThrows('VEHICLE_SOLD');
  });

  it('a retry by the buyer is a no-op', () => {
    vehicleSpec.given([listed, sold('dealer-a')]).when(buy('dealer-a', NOW + 1)).thenNothing();
  });

  it('refuses while another dealer holds it (booking or pre-emption)', () => {
    vehicleSpec.given([listed, added('dealer-a'), booked('dealer-a')]).when(buy('dealer-b', bookingEnd - 1)).thenThrows('VEHICLE_HELD');
    vehicleSpec.given([listed, preempted('dealer-a')]).when(buy('dealer-b', preemptionEnd - 1)).thenThrows('VEHICLE_HELD');
  });

  it('the holder can buy', () => {
    vehicleSpec.given([listed, added('dealer-a'), booked('dealer-a')]).when(buy('dealer-a', NOW + 1)).then([sold('dealer-a', NOW + 1)]);
    vehicleSpec.given([listed, preempted('dealer-a')]).when(buy('dealer-a', NOW + 1)).then([sold('dealer-a', NOW + 1)]);
  });

  it('after the hold expires, others can buy', () => {
    vehicleSpec.given([listed, added('dealer-a'), booked('dealer-a')]).when(buy('dealer-b', bookingEnd)).then([sold('dealer-b', bookingEnd)]);
    vehicleSpec.given([listed, preempted('dealer-a')]).when(buy('dealer-b', preemptionEnd + 1)).then([sold('dealer-b', preemptionEnd + 1)]);
  });

  it('refuses an unknown vehicle', () => {
    vehicleSpec.given([]).when(buy('dealer-a')).thenThrows('VEHICLE_NOT_FOUND');
  });
});
