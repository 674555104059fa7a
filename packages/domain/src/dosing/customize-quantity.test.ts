import { describe, expect, it } from 'vitest';
import { customizeDosageQuantity, customizeQuantityCap, weightBasedQuantity } from './customize-quantity';

describe('customizeQuantityCap', () => {
  it('is the recommended maximum / 4', () => {
    // 24 / 4 = 6
    expect(customizeQuantityCap(24)).toBe(6);
    // 16 / 4 = 4
    expect(customizeQuantityCap(16)).toBe(4);
  });

  it('is null without a positive maximum', () => {
    expect(customizeQuantityCap(null)).toBeNull();
    expect(customizeQuantityCap(undefined)).toBeNull();
    expect(customizeQuantityCap(0)).toBeNull();
  });
});

describe('weightBasedQuantity', () => {
  it('is floor(weight / 2.2 x 0.075)', () => {
    // 180 / 2.2 = 81.82 kg x 0.075 = 6.14 -> 6
    expect(weightBasedQuantity(180)).toBe(6);
    // 220 / 2.2 = 100 x 0.075 = 7.5 -> 7
    expect(weightBasedQuantity(220)).toBe(7);
    // 300 / 2.2 = 136.36 x 0.075 = 10.23 -> 10
    expect(weightBasedQuantity(300)).toBe(10);
  });

  it('is at least 1', () => {
    // 20 / 2.2 = 9.09 x 0.075 = 0.68 -> 0 -> 1
    expect(weightBasedQuantity(20)).toBe(1);
    expect(weightBasedQuantity(null)).toBe(1);
    expect(weightBasedQuantity(0)).toBe(1);
  });
});

describe('customizeDosageQuantity', () => {
  it('caps the weight value at recommended maximum / 4', () => {
    // 180 lb -> 6; cap 40 / 4 = 10 -> 6
    expect(customizeDosageQuantity({ weightLb: 180, recommendedMax: 40 })).toBe(6);
    // 300 lb -> 10; cap 24 / 4 = 6 -> 6
    expect(customizeDosageQuantity({ weightLb: 300, recommendedMax: 24 })).toBe(6);
    // no cap: 10
    expect(customizeDosageQuantity({ weightLb: 300 })).toBe(10);
  });

  it('rounds the compounded value down to a multiple of 3, then caps', () => {
    // 180 lb -> 6; 6 x 2.5 = 15 -> 15 (multiple of 3); cap 80 / 4 = 20 -> 15
    expect(customizeDosageQuantity({ weightLb: 180, recommendedMax: 80, compounded: true })).toBe(15);
    // 220 lb -> 7; 7 x 2.5 = 17.5 -> 15; no cap
    expect(customizeDosageQuantity({ weightLb: 220, compounded: true })).toBe(15);
    // 300 lb -> 10; 10 x 2.5 = 25 -> 24; cap 64 / 4 = 16 -> 16
    expect(customizeDosageQuantity({ weightLb: 300, recommendedMax: 64, compounded: true })).toBe(16);
  });

  it('never gives a compounded quantity below 3', () => {
    // 100 lb -> 100 / 2.2 x 0.075 = 3.41 -> 3; 3 x 2.5 = 7.5 -> 6
    expect(customizeDosageQuantity({ weightLb: 100, compounded: true })).toBe(6);
    // 40 lb -> 1.36 -> 1; 1 x 2.5 = 2.5 -> 0 -> at least 3
    expect(customizeDosageQuantity({ weightLb: 40, compounded: true })).toBe(3);
  });
});
