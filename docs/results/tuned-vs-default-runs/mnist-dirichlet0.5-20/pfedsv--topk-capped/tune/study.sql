BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'pfedsv--topk-capped');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.429,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,0.544,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,0.605,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,0.717,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,7.7300000000000013145e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,8.95999999999999907629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,0.914,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,9.22999999999999820587e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.96,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,9.62000000000000077271e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.454,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,0.624,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,7.15000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,8.2100000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,8.4599999999999986322e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,8.81999999999999895194e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,0.898,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,0.905,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,9.00000000000000133226e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,0.907,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.29999999999999937827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,0.922,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,3,1,4.2400000000000004352e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,3,2,3.93000000000000071498e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,3,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,4,4.05999999999999972022e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,3,5,4.35999999999999943156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,3,6,0.437,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,1,5.21999999999999908517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,4,2,0.618,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,4,3,0.71,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,4,4,7.8699999999999992184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,4,5,0.885,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,4,6,8.62999999999999878319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,4,7,8.57000000000000206057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,4,8,9.24000000000000154543e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,4,9,9.29999999999999937827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,4,10,0.883,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,4,11,9.14999999999999813482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,4,12,9.20999999999999929833e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,4,13,9.30999999999999827693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,4,14,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,4,15,0.945,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,4,16,8.86000000000000120792e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,17,9.28000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,18,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,4,19,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,4,20,9.53000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,1,0.536,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,2,0.635,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,3,7.36999999999999877431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,5,4,0.818,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,5,5,8.62999999999999878319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,5,6,0.876,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,5,7,8.86999999999999899635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,5,8,9.1199999999999992184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,5,9,9.17000000000000148325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,5,10,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,5,11,0.891,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,5,12,0.924,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,5,13,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,5,14,9.25999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,5,15,0.931,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,5,16,9.10000000000000142108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,5,17,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,5,18,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,6,1,3.77000000000000057287e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,6,2,0.387,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,7,1,0.36,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,7,2,0.386,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,8,1,4.16000000000000036415e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,8,2,4.43000000000000060396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,8,3,0.501,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,8,4,5.63000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,9,1,4.16000000000000036415e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,9,2,4.43000000000000060396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,10,1,4.16000000000000036415e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,10,2,4.43000000000000060396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,10,3,0.501,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,10,4,5.63000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,10,5,6.31999999999999895194e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,10,6,0.667,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,11,1,0.558,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,11,2,0.671,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,11,3,7.65999999999999903188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,11,4,0.8,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,11,5,0.849,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,11,6,8.58000000000000206945e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,11,7,0.875,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,11,8,9.03000000000000135891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,11,9,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,11,10,8.94000000000000127897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,11,11,0.889,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,11,12,0.93,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,11,13,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,11,14,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,11,15,0.93,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,11,16,0.913,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,11,17,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,11,18,9.4200000000000017053e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,11,19,0.945,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,11,20,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,12,1,0.425,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,12,2,4.43999999999999950262e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,13,1,0.308,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,13,2,0.335,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,13,3,0.323,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,13,4,3.66000000000000047517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,13,5,3.9200000000000007061e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,13,6,0.402,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,13,7,0.417,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,13,8,4.18000000000000038191e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,13,9,4.19000000000000039079e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,13,10,4.09000000000000085709e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,13,11,4.21000000000000096367e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,13,12,0.441,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,13,13,4.31000000000000049737e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,13,14,0.437,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,13,15,4.51000000000000067501e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,13,16,0.453,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,13,17,4.77000000000000146105e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,13,18,4.83000000000000095923e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,14,1,0.542,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,14,2,7.26000000000000089706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,15,1,4.70000000000000028865e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,15,2,7.03000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,15,3,0.763,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,15,4,0.859,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,15,5,0.898,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,15,6,0.9,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,15,7,9.1199999999999992184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,15,8,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,15,9,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,15,10,9.36000000000000165201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,15,11,0.938,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,15,12,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,15,13,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,15,14,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,15,15,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,15,16,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,15,17,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,15,18,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,16,1,4.70000000000000028865e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,16,2,7.03000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,16,3,0.763,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,16,4,0.859,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,16,5,0.898,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,16,6,0.9,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,16,7,9.1199999999999992184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,16,8,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,16,9,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,16,10,9.36000000000000165201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,16,11,0.938,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,16,12,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,16,13,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,16,14,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,16,15,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,16,16,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,16,17,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,16,18,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,16,19,9.64000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,16,20,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,17,1,4.01999999999999968469e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,17,2,5.10999999999999898747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,18,1,0.543,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,18,2,0.647,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,18,3,0.762,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,18,4,8.01999999999999935162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,18,5,8.5400000000000009237e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,18,6,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,18,7,8.85999999999999898747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,18,8,8.98000000000000242472e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,18,9,9.03999999999999914734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,18,10,9.01000000000000134114e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,18,11,0.89,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,18,12,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,18,13,0.922,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,18,14,0.924,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,18,15,9.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,18,16,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,18,17,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,18,18,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,18,19,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,18,20,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,19,1,4.63000000000000078159e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,19,2,0.733,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,19,3,0.813,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,19,4,8.72000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,19,5,9.15000000000000257571e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,19,6,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,19,7,9.28000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,19,8,9.4600000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,19,9,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,19,10,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,19,11,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,19,12,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,19,13,9.58000000000000184741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,19,14,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,19,15,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,19,16,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,19,17,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,19,18,9.5700000000000007283e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(219,20,1,3.65000000000000046629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(220,20,2,0.384,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(221,21,1,4.67999999999999971578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(222,21,2,0.552,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(223,22,1,0.384,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(224,22,2,4.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(225,23,1,0.484,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(226,23,2,7.02000000000000068389e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(227,23,3,8.0899999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(228,23,4,0.837,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(229,23,5,0.881,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(230,23,6,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(231,23,7,9.2000000000000015099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(232,23,8,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(233,23,9,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(234,23,10,9.47000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(235,23,11,9.47000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(236,23,12,9.54999999999999849009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(237,23,13,9.48000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(238,23,14,0.96,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(239,23,15,9.65000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(240,23,16,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(241,23,17,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(242,23,18,9.59000000000000185629e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',2.52449746755687765009e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(3,1,'decay',1.05120854705824051666e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(6,2,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',3.0328822079966088511e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'k0',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(9,3,'decay',5.78564704085476777528e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',9.40016413769268893707e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'k0',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(12,4,'decay',0.480247255248458,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',4.47294069826250223487e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'k0',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(15,5,'decay',6.31539537371444303914e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',3.42585718402792838155e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'k0',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(18,6,'decay',7.56644932041830919899e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',3.69897576717676868085e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(21,7,'decay',0.696329417118638,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',9.50066079521739645374e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'k0',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(24,8,'decay',1.69915320037295203281e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',9.50066079521739645374e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'k0',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(27,9,'decay',1.69915320037295203281e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',9.50066079521739645374e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'k0',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(30,10,'decay',1.69915320037295203281e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',5.1329919455779852988e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'k0',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(33,11,'decay',5.08808293830996127837e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',9.63879664843960912157e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(36,12,'decay',8.24486327383459172146e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',1.2242747780219804133e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'k0',9.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(39,13,'decay',3.95262966972859786096e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',1.04878000593134373952e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'k0',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(42,14,'decay',3.24798422014603960228e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',1.307596021036069589e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'k0',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(45,15,'decay',3.20875640411367457627e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',1.307596021036069589e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'k0',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(48,16,'decay',3.20875640411367457627e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',1.93208689001538147511e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'k0',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(51,17,'decay',1.11376873475132157076e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',4.11045031230927934706e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'k0',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(54,18,'decay',2.79052725447174854167e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',1.32734777116355673332e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'k0',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(57,19,'decay',2.66403848819655286739e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',4.41001627835963194712e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'k0',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(60,20,'decay',3.88109357646342412184e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(61,21,'lr',2.49989927751809414002e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,21,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(63,21,'decay',2.11036232092191577969e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(64,22,'lr',2.4752411919582453792e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(65,22,'k0',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(66,22,'decay',1.15601698487494547462e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(67,23,'lr',1.50086649621669815379e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(68,23,'k0',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(69,23,'decay',3.6614194443213277097e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.7730000000000001');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.96');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.932');
INSERT INTO "trial_system_attributes" VALUES(4,3,'completed_rung_0','0.437');
INSERT INTO "trial_system_attributes" VALUES(5,4,'completed_rung_0','0.618');
INSERT INTO "trial_system_attributes" VALUES(6,4,'completed_rung_1','0.8629999999999999');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_2','0.9410000000000001');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.876');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_1','0.9369999999999999');
INSERT INTO "trial_system_attributes" VALUES(10,6,'completed_rung_0','0.387');
INSERT INTO "trial_system_attributes" VALUES(11,7,'completed_rung_0','0.386');
INSERT INTO "trial_system_attributes" VALUES(12,9,'failed_trial','7');
INSERT INTO "trial_system_attributes" VALUES(13,9,'retry_history','[7]');
INSERT INTO "trial_system_attributes" VALUES(14,9,'completed_rung_0','0.44300000000000006');
INSERT INTO "trial_system_attributes" VALUES(15,10,'completed_rung_0','0.667');
INSERT INTO "trial_system_attributes" VALUES(16,11,'completed_rung_0','0.9420000000000002');
INSERT INTO "trial_system_attributes" VALUES(17,12,'completed_rung_0','0.44399999999999995');
INSERT INTO "trial_system_attributes" VALUES(18,13,'completed_rung_0','0.4830000000000001');
INSERT INTO "trial_system_attributes" VALUES(19,14,'completed_rung_0','0.7260000000000001');
INSERT INTO "trial_system_attributes" VALUES(20,15,'completed_rung_0','0.9580000000000002');
INSERT INTO "trial_system_attributes" VALUES(21,16,'failed_trial','14');
INSERT INTO "trial_system_attributes" VALUES(22,16,'retry_history','[14]');
INSERT INTO "trial_system_attributes" VALUES(23,16,'completed_rung_0','0.7030000000000001');
INSERT INTO "trial_system_attributes" VALUES(24,16,'completed_rung_1','0.9');
INSERT INTO "trial_system_attributes" VALUES(25,16,'completed_rung_2','0.9580000000000002');
INSERT INTO "trial_system_attributes" VALUES(26,17,'completed_rung_0','0.5109999999999999');
INSERT INTO "trial_system_attributes" VALUES(27,18,'completed_rung_0','0.932');
INSERT INTO "trial_system_attributes" VALUES(28,19,'completed_rung_0','0.733');
INSERT INTO "trial_system_attributes" VALUES(29,19,'completed_rung_1','0.921');
INSERT INTO "trial_system_attributes" VALUES(30,19,'completed_rung_2','0.9570000000000001');
INSERT INTO "trial_system_attributes" VALUES(31,21,'completed_rung_0','0.552');
INSERT INTO "trial_system_attributes" VALUES(32,22,'completed_rung_0','0.43499999999999994');
INSERT INTO "trial_system_attributes" VALUES(33,23,'completed_rung_0','0.916');
INSERT INTO "trial_system_attributes" VALUES(34,23,'completed_rung_1','0.9590000000000002');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','2065.624');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.1329768418073654');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,3,'seconds','85.425');
INSERT INTO "trial_user_attributes" VALUES(6,4,'seconds','118.219');
INSERT INTO "trial_user_attributes" VALUES(7,4,'val_loss','0.1361316528320312');
INSERT INTO "trial_user_attributes" VALUES(8,4,'round','19');
INSERT INTO "trial_user_attributes" VALUES(9,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(10,5,'seconds','151.443');
INSERT INTO "trial_user_attributes" VALUES(11,6,'seconds','14.289');
INSERT INTO "trial_user_attributes" VALUES(12,7,'seconds','318.559');
INSERT INTO "trial_user_attributes" VALUES(13,8,'interrupted','"killed"');
INSERT INTO "trial_user_attributes" VALUES(14,9,'seconds','92.725');
INSERT INTO "trial_user_attributes" VALUES(15,10,'seconds','457.595');
INSERT INTO "trial_user_attributes" VALUES(16,11,'seconds','149.59');
INSERT INTO "trial_user_attributes" VALUES(17,11,'val_loss','0.17073900806903838');
INSERT INTO "trial_user_attributes" VALUES(18,11,'round','20');
INSERT INTO "trial_user_attributes" VALUES(19,11,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(20,12,'seconds','48.464');
INSERT INTO "trial_user_attributes" VALUES(21,13,'seconds','751.146');
INSERT INTO "trial_user_attributes" VALUES(22,14,'seconds','185.008');
INSERT INTO "trial_user_attributes" VALUES(23,15,'interrupted','"killed"');
INSERT INTO "trial_user_attributes" VALUES(24,16,'resumed_from_round','15');
INSERT INTO "trial_user_attributes" VALUES(25,16,'seconds','51.391');
INSERT INTO "trial_user_attributes" VALUES(26,16,'val_loss','0.11491822385787964');
INSERT INTO "trial_user_attributes" VALUES(27,16,'round','19');
INSERT INTO "trial_user_attributes" VALUES(28,16,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(29,17,'seconds','24.888');
INSERT INTO "trial_user_attributes" VALUES(30,18,'seconds','276.121');
INSERT INTO "trial_user_attributes" VALUES(31,18,'val_loss','0.17760178160667422');
INSERT INTO "trial_user_attributes" VALUES(32,18,'round','20');
INSERT INTO "trial_user_attributes" VALUES(33,18,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(34,19,'seconds','670.835');
INSERT INTO "trial_user_attributes" VALUES(35,20,'diverged','"training loss 2.021e+14 at round 2 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(36,20,'seconds','29.576');
INSERT INTO "trial_user_attributes" VALUES(37,21,'seconds','51.992');
INSERT INTO "trial_user_attributes" VALUES(38,22,'seconds','18.89');
INSERT INTO "trial_user_attributes" VALUES(39,23,'seconds','757.141');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,9.62000000000000077271e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,3,0,0.437,'FINITE');
INSERT INTO "trial_values" VALUES(3,4,0,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,5,0,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,6,0,0.387,'FINITE');
INSERT INTO "trial_values" VALUES(6,7,0,0.386,'FINITE');
INSERT INTO "trial_values" VALUES(7,9,0,4.43000000000000060396e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,10,0,0.667,'FINITE');
INSERT INTO "trial_values" VALUES(9,11,0,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,12,0,4.43999999999999950262e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,13,0,4.83000000000000095923e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,14,0,7.26000000000000089706e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,16,0,9.64000000000000079047e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,17,0,5.10999999999999898747e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,18,0,0.943,'FINITE');
INSERT INTO "trial_values" VALUES(16,19,0,9.5700000000000007283e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,20,0,0.384,'FINITE');
INSERT INTO "trial_values" VALUES(18,21,0,0.552,'FINITE');
INSERT INTO "trial_values" VALUES(19,22,0,4.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,23,0,9.59000000000000185629e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 20:00:24.234549','2026-11-27 20:34:49.966035');
INSERT INTO "trials" VALUES(2,1,1,'FAIL','2026-11-27 20:34:49.979362','2026-11-27 21:30:43.571716');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 21:30:43.588615','2026-11-27 21:32:09.082752');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-27 21:32:09.093213','2026-11-27 21:34:07.367533');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 21:34:07.378585','2026-11-27 21:36:38.861090');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 21:36:38.880316','2026-11-27 21:36:53.238203');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 21:36:53.254487','2026-11-27 21:42:11.886975');
INSERT INTO "trials" VALUES(8,7,1,'FAIL','2026-11-27 21:42:11.919239','2026-11-27 21:51:54.108325');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 21:51:54.174766','2026-11-27 21:53:26.938197');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-27 21:53:26.951859','2026-11-27 22:01:04.593479');
INSERT INTO "trials" VALUES(11,10,1,'COMPLETE','2026-11-27 22:01:04.611319','2026-11-27 22:03:34.282094');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 22:03:34.294323','2026-11-27 22:04:22.801134');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 22:04:22.816920','2026-11-27 22:16:54.046815');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 22:16:54.072299','2026-11-27 22:19:59.166249');
INSERT INTO "trials" VALUES(15,14,1,'FAIL','2026-11-27 22:19:59.204981','2026-11-27 22:28:36.623040');
INSERT INTO "trials" VALUES(16,15,1,'COMPLETE','2026-11-27 22:28:36.658782','2026-11-27 22:29:28.111515');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 22:29:28.127846','2026-11-27 22:29:53.074090');
INSERT INTO "trials" VALUES(18,17,1,'COMPLETE','2026-11-27 22:29:53.089559','2026-11-27 22:34:29.301723');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 22:34:29.313680','2026-11-27 22:45:40.195542');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 22:45:40.217158','2026-11-27 22:46:09.844139');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 22:46:09.871518','2026-11-27 22:47:01.929710');
INSERT INTO "trials" VALUES(22,21,1,'PRUNED','2026-11-27 22:47:01.957779','2026-11-27 22:47:20.905027');
INSERT INTO "trials" VALUES(23,22,1,'PRUNED','2026-11-27 22:47:20.918978','2026-11-27 22:59:58.139681');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
