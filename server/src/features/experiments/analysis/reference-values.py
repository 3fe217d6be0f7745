"""Reference values for the analysis engine's tests (issue 35 §2), computed independently with
numpy/scipy: `python3 server/src/features/experiments/analysis/reference-values.py`. The tests hold
the printed figures, each next to the Python that produced it."""
import numpy as np
from scipy import stats, special, integrate
np.set_printoptions(precision=17)
r = lambda x: repr(float(x))

print("// normal")
for x in [-37.5, -20, -10, -5, -1.959963984540054, -0.5, 0, 0.3, 1, 2.5, 8]:
    print(f"  [{r(x)}, {r(stats.norm.cdf(x))}],")
print("// erfc")
for x in [0.1, 0.9, 1.0, 1.4999, 1.5, 2, 3, 10, 26]:
    print(f"  [{r(x)}, {r(special.erfc(x))}],")
print("// ppf")
for p in [1e-290, 1e-20, 1e-10, 0.001, 0.02425, 0.025, 0.3, 0.5, 0.975, 0.999999]:
    print(f"  [{r(p)}, {r(stats.norm.ppf(p))}],")
print("// lgamma")
for x in [0.5, 1, 1.5, 3.7, 10, 100.5]:
    print(f"  [{r(x)}, {r(special.gammaln(x))}],")
print("// chi2 sf")
for x, df in [(0.5,1),(3.84,1),(10,3),(50,19),(1e-3,2),(200,4),(5,10),(30,10),(0.2,19)]:
    print(f"  [{r(x)}, {df}, {r(stats.chi2.sf(x, df))}],")

def mom(n, s, ss):
    m = s / n
    return n, m, (ss - n * m * m) / (n - 1)

def lift(c, t):
    l = t[1] / c[1] - 1
    v = t[2] / (t[0] * c[1] ** 2) + t[1] ** 2 * c[2] / (c[0] * c[1] ** 4)
    return l, np.sqrt(v)

def rho(alpha, N=5000):
    a = -2 * np.log(alpha)
    return np.sqrt((a + np.log(a + 1)) / N)

def seq(l, se, N, alpha):
    rh = rho(alpha)
    nr = N * rh * rh
    hw = se * np.sqrt(N) * np.sqrt(2 * (nr + 1) / (N * N * rh * rh) * np.log(np.sqrt(nr + 1) / alpha))
    p = min(1, np.sqrt(nr + 1) * np.exp(-(l / se) ** 2 * nr / (2 * (nr + 1))))
    return hw, p

def risk_quad(mu, sd):
    return integrate.quad(lambda x: max(0, -x) * stats.norm.pdf(x, mu, sd), mu - 40 * sd, mu + 40 * sd, points=[0], epsabs=1e-14, epsrel=1e-12)[0]

def holm(ps):
    ps = np.asarray(ps, float); m = len(ps); order = np.argsort(ps)
    adj = np.empty(m); running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i])); adj[i] = running
    return adj

print("// case A: binomial, three variants")
c = mom(10000, 1000, 1000); b = mom(10050, 1100, 1100); d = mom(9950, 1020, 1020)
ps = []; sps = []
for name, t in [('b', b), ('c', d)]:
    l, se = lift(c, t)
    z = stats.norm.ppf(0.975)
    p = 2 * stats.norm.sf(abs(l / se))
    ps.append(p)
    hw, sp = seq(l, se, c[0] + t[0], 0.05); sps.append(sp)
    print(name, "lift", r(l), "se", r(se), "lo", r(l - z * se), "hi", r(l + z * se), "p", r(p),
          "ctw", r(stats.norm.cdf(l / se)), "risk", r(risk_quad(l, se)),
          "seqlo", r(l - hw), "seqhi", r(l + hw), "seqp", r(sp))
print("holm", [r(x) for x in holm(ps)], "seq holm", [r(x) for x in holm(sps)])
print("srm", r(stats.chisquare([10000, 10050, 9950]).pvalue))
print("srm weights 1,1,2", r(stats.chisquare([2400, 2600, 5000], f_exp=[2500, 2500, 5000]).pvalue))

print("// case B: mean, lower is better, alpha 0.1")
c = mom(5000, 25000, 200000); t = mom(5100, 24480, 190000)
l, se = lift(c, t)
hw, sp = seq(l, se, 10100, 0.1)
print("mean c", r(c[1]), "t", r(t[1]), "lift", r(l), "seqlo", r(l - hw), "seqhi", r(l + hw), "seqp", r(sp),
      "ctw", r(stats.norm.cdf(-l / se)), "risk", r(risk_quad(-l, se)))
z90 = stats.norm.ppf(0.95)
print("fixed lo", r(l - z90 * se), "hi", r(l + z90 * se), "p", r(2 * stats.norm.sf(abs(l / se))))
print("srm", r(stats.chisquare([5000, 5100]).pvalue))

print("// case C: CUPED")
rng = np.random.default_rng(35)
data = {}
for name, effect in [('control', 0.0), ('treatment', 0.3)]:
    x = rng.gamma(2.0, 5.0, size=800)
    y = 0.8 * x + rng.normal(0, 3, size=800) + effect
    data[name] = (x, y)
for name, (x, y) in data.items():
    print(name, f"users: {len(x)}, sum: {r(y.sum())}, sumSquares: {r((y*y).sum())}, covariate: {{ sum: {r(x.sum())}, sumSquares: {r((x*x).sum())}, sumProducts: {r((x*y).sum())} }}")
xc = np.concatenate([data[k][0] - data[k][0].mean() for k in data])
yc = np.concatenate([data[k][1] - data[k][1].mean() for k in data])
theta = (xc * yc).sum() / (xc * xc).sum()
xall = np.concatenate([data[k][0] for k in data]).mean()
adj = {k: data[k][1] - theta * (data[k][0] - xall) for k in data}
cm = (len(adj['control']), adj['control'].mean(), adj['control'].var(ddof=1))
tm = (len(adj['treatment']), adj['treatment'].mean(), adj['treatment'].var(ddof=1))
l, se = lift(cm, tm)
z = stats.norm.ppf(0.975)
print("theta", r(theta), "lift", r(l), "se", r(se), "lo", r(l - z * se), "hi", r(l + z * se), "p", r(2 * stats.norm.sf(abs(l / se))))
raw_c = data['control'][1]; raw_t = data['treatment'][1]
lr, ser = lift((800, raw_c.mean(), raw_c.var(ddof=1)), (800, raw_t.mean(), raw_t.var(ddof=1)))
print("raw mean c", r(raw_c.mean()), "t", r(raw_t.mean()), "raw lift", r(lr), "raw se", r(ser))

print("// power")
c = mom(10000, 1000, 1000); t = mom(10050, 1100, 1100)
l = t[1] / c[1] - 1
V = t[2] / c[1] ** 2 + t[1] ** 2 * c[2] / c[1] ** 4
n = (stats.norm.ppf(0.975) + stats.norm.ppf(0.8)) ** 2 * V / l ** 2
print("required", r(n), int(np.ceil(n)))

print("// guardrail: 3000 inside 90 errors, 9000 outside 180 errors, lower is better, alpha 0.05")
o = mom(9000, 180, 180); i = mom(3000, 90, 90)
l, se = lift(o, i)
hw, sp = seq(l, se, 12000, 0.05)
print("lift", r(l), "lo", r(l - hw), "hi", r(l + hw), "p", r(sp))
print("rho", r(rho(0.05)))
