// Lulu's spine and cover rules for three page counts, each against Lulu's published numbers worked out by hand:
// the casewrap table (24-84 pages: 0.25", 85-140: 0.5", 195-222: 0.75") and the paperback formula pages / PPI + 0.06".
import { expect } from 'chai';
import { luluCoverDimensionsMm, luluPackageOf, luluSpineInches, parseLuluPackage } from '../../src/print/lulu-rules';

describe('Lulu\'s spine width and cover dimensions', () => {
  const casewrap = parseLuluPackage('0800X0800.FC.PRE.CW.080CW444.GXX')!;
  const paperback = parseLuluPackage('0600X0900.BW.STD.PB.060UW444.MXX')!;

  it('reads a package id: trim, binding, pages per inch', () => {
    expect(casewrap).to.include({ trimWidthIn: 8, trimHeightIn: 8, binding: 'casewrap', pagesPerInch: 444 });
    expect(paperback).to.include({ trimWidthIn: 6, trimHeightIn: 9, binding: 'paperback', pagesPerInch: 444 });
    expect(parseLuluPackage('0600X0900.BW.STD.XX.060UW444.MXX')).to.equal(undefined);
    expect(luluPackageOf(20, 20, true)).to.equal('0787X0787.FC.PRE.CW.080CW444.GXX');
    expect(luluPackageOf(15, 15, false)).to.equal('0591X0591.FC.PRE.PB.080CW444.GXX');
  });

  it('gives a casewrap spine from the table for 24, 100 and 200 pages', () => {
    expect([24, 100, 200].map((pages) => luluSpineInches(casewrap, pages))).to.deep.equal([0.25, 0.5, 0.75]);
  });

  it('gives a paperback spine by the formula for 32, 100 and 444 pages', () => {
    const spines = [32, 100, 444].map((pages) => luluSpineInches(paperback, pages));
    // 32 / 444 + 0.06 = 0.132072..., 100 / 444 + 0.06 = 0.285225..., 444 / 444 + 0.06 = 1.06
    expect(spines[0]).to.be.closeTo(0.132072, 1e-6);
    expect(spines[1]).to.be.closeTo(0.285225, 1e-6);
    expect(spines[2]).to.be.closeTo(1.06, 1e-9);
  });

  it('sizes the one-piece cover: a casewrap\'s 0.75" wrap, a paperback\'s 0.125" bleed, around back, spine and front', () => {
    // 8" x 8" casewrap, 100 pages: (0.75 + 8 + 0.5 + 8 + 0.75)" x (0.75 + 8 + 0.75)" = 18" x 9.5" = 457.2 x 241.3 mm.
    expect(luluCoverDimensionsMm(casewrap, 100)).to.deep.equal({ width: 457.2, height: 241.3, spine: 12.7 });
    // 6" x 9" paperback, 444 pages: (0.125 + 6 + 1.06 + 6 + 0.125)" x (0.125 + 9 + 0.125)" = 13.31" x 9.25".
    expect(luluCoverDimensionsMm(paperback, 444)).to.deep.equal({ width: 338.07, height: 234.95, spine: 26.92 });
  });
});
