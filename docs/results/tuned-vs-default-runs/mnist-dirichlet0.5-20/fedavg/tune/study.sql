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
INSERT INTO "studies" VALUES(1,'fedavg');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,2.9799999999999993161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.465,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,5.78000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,6.399999999999999023e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,0.687,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,0.724,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.808,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,0.825,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,8.09999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.757,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,0.844,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,8.71000000000000107469e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.869,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,8.47999999999999864996e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,8.60000000000000097699e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,8.79000000000000114575e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.877,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,8.93000000000000127009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,8.64999999999999880095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.884,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.229,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,0.318,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,1,9.70000000000000167643e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,4,1,0.502,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,4,2,7.04000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,4,3,7.32000000000000095035e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,4,4,0.79,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,4,5,0.873,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,4,6,0.906,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,4,7,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,4,8,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,4,9,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,4,10,0.944,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,4,11,9.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,4,12,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,4,13,0.953,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,4,14,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,4,15,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,4,16,9.65000000000000190958e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,4,17,9.57000000000000183852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,4,18,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,19,0.958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,20,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,5,1,0.511,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,5,2,0.717,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,5,3,8.06999999999999828581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,5,4,8.72000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,5,5,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,5,6,9.01000000000000134114e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,5,7,9.25999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,5,8,9.29999999999999937827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,5,9,9.32999999999999829469e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,5,10,9.30999999999999827693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,5,11,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,5,12,9.50000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,5,13,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,5,14,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,5,15,0.95,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,5,16,9.5700000000000007283e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,5,17,9.54999999999999849009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,5,18,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,5,19,0.962,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,20,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,6,1,0.409,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,6,2,0.724,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,6,3,7.67999999999999904964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,6,4,0.837,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,6,5,0.881,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,6,6,8.88000000000000122568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,7,1,0.392,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,7,2,0.687,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,7,3,0.716,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,7,4,7.88999999999999923616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,7,5,0.85,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,7,6,0.859,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,8,1,0.596,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,8,2,8.25000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,8,3,0.786,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,8,4,0.875,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,8,5,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,8,6,0.913,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,8,7,9.31999999999999828581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,8,8,9.38999999999999834798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,8,9,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,8,10,9.47000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,8,11,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,8,12,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,8,13,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,8,14,9.54999999999999849009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,8,15,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,8,16,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,8,17,9.5700000000000007283e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,8,18,9.63000000000000078159e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,8,19,0.959,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,8,20,0.958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,9,1,2.96000000000000040856e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,9,2,0.537,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,9,3,5.56999999999999939603e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,9,4,6.67999999999999927169e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,9,5,0.744,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,9,6,0.792,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,10,1,5.27999999999999913846e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,10,2,7.11000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,11,1,1.62999999999999978239e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,12,1,0.176,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,12,2,0.202,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,13,1,0.529,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,13,2,6.8100000000000016076e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,13,3,0.749,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,13,4,8.23000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,13,5,8.69000000000000105693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,13,6,9.02999999999999913846e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,13,7,9.36000000000000165201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,13,8,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,13,9,9.4600000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,13,10,0.946,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,13,11,9.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,13,12,0.953,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,13,13,9.53000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,13,14,9.57000000000000183852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,13,15,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,13,16,9.67000000000000192734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,13,17,0.96,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,13,18,9.63000000000000078159e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,13,19,0.962,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,13,20,0.953,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,14,1,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,14,2,2.09999999999999964472e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,15,1,0.518,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,15,2,6.60999999999999920952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,16,1,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,16,2,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,17,1,4.27999999999999936051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,17,2,7.10000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,17,3,7.05999999999999849897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,17,4,7.65999999999999903188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,17,5,8.69999999999999884536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,17,6,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,18,1,4.77000000000000035083e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,18,2,0.697,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,18,3,7.15000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,18,4,0.788,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,18,5,8.68000000000000104805e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,18,6,0.89,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,19,1,0.364,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,19,2,6.54999999999999915623e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,19,3,7.08000000000000073718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,19,4,7.35000000000000097699e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,19,5,8.46000000000000085265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,19,6,8.44000000000000083488e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,20,1,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,20,2,0.126,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,21,1,0.331,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,21,2,6.78999999999999936939e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,21,3,6.93000000000000060396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,21,4,0.753,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,21,5,8.56000000000000094146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,21,6,0.867,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,21,7,0.883,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,21,8,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,21,9,0.883,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,21,10,8.96999999999999908517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,21,11,0.907,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,21,12,9.28999999999999936939e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,21,13,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,21,14,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,21,15,9.39999999999999835686e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,21,16,9.41999999999999837463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,21,17,9.30999999999999827693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,21,18,9.4600000000000006306e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',1.08310311177253846409e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,2,'lr',2.61747191343005870811e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(4,2,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(5,3,'lr',4.97970157398662960357e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(7,4,'lr',9.61459442606091563288e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,4,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,5,'lr',1.2484297480012528092e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,5,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(11,6,'lr',2.55236505310867528573e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(12,6,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(13,7,'lr',1.80459365884613025243e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,8,'lr',4.46332315248193153833e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(16,8,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(17,9,'lr',1.4813094367738536411e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,9,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(19,10,'lr',9.51265358599808902306e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,10,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,11,'lr',1.05080147035380394408e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,11,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(23,12,'lr',1.68572932658165469156e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(24,12,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(25,13,'lr',1.08149126922691685148e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,13,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,14,'lr',1.88160779714448028743e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(28,14,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(29,15,'lr',1.36203533683255245678e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,15,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(31,16,'lr',3.06172544095461907076e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,17,'lr',5.51239224595370877479e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,17,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(35,18,'lr',7.08225967094043423744e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(36,18,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(37,19,'lr',5.54316075142272102205e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,19,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,20,'lr',2.10862440212832902286e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(40,20,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(41,21,'lr',3.96667929019335688267e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(42,21,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.465');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.724');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.8930000000000001');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_0','0.318');
INSERT INTO "trial_system_attributes" VALUES(5,4,'completed_rung_0','0.9590000000000002');
INSERT INTO "trial_system_attributes" VALUES(6,5,'completed_rung_0','0.9010000000000001');
INSERT INTO "trial_system_attributes" VALUES(7,5,'completed_rung_1','0.9590000000000002');
INSERT INTO "trial_system_attributes" VALUES(8,6,'completed_rung_0','0.8880000000000001');
INSERT INTO "trial_system_attributes" VALUES(9,7,'completed_rung_0','0.859');
INSERT INTO "trial_system_attributes" VALUES(10,8,'completed_rung_0','0.8250000000000002');
INSERT INTO "trial_system_attributes" VALUES(11,8,'completed_rung_1','0.913');
INSERT INTO "trial_system_attributes" VALUES(12,8,'completed_rung_2','0.9630000000000001');
INSERT INTO "trial_system_attributes" VALUES(13,9,'completed_rung_0','0.792');
INSERT INTO "trial_system_attributes" VALUES(14,10,'completed_rung_0','0.7110000000000001');
INSERT INTO "trial_system_attributes" VALUES(15,12,'completed_rung_0','0.202');
INSERT INTO "trial_system_attributes" VALUES(16,13,'completed_rung_0','0.9029999999999999');
INSERT INTO "trial_system_attributes" VALUES(17,13,'completed_rung_1','0.9630000000000001');
INSERT INTO "trial_system_attributes" VALUES(18,14,'completed_rung_0','0.20999999999999996');
INSERT INTO "trial_system_attributes" VALUES(19,15,'completed_rung_0','0.6609999999999999');
INSERT INTO "trial_system_attributes" VALUES(20,16,'completed_rung_0','0.12200000000000003');
INSERT INTO "trial_system_attributes" VALUES(21,17,'completed_rung_0','0.7100000000000002');
INSERT INTO "trial_system_attributes" VALUES(22,17,'completed_rung_1','0.8800000000000001');
INSERT INTO "trial_system_attributes" VALUES(23,18,'completed_rung_0','0.89');
INSERT INTO "trial_system_attributes" VALUES(24,19,'completed_rung_0','0.8440000000000001');
INSERT INTO "trial_system_attributes" VALUES(25,20,'completed_rung_0','0.126');
INSERT INTO "trial_system_attributes" VALUES(26,21,'completed_rung_0','0.9460000000000001');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','112.791');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.40109311103820805');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','18');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','14.782');
INSERT INTO "trial_user_attributes" VALUES(6,3,'diverged','"training loss 1.384e+22 at round 1 is above the limit 1e+06: training diverged (lower the learning rate; --diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"');
INSERT INTO "trial_user_attributes" VALUES(7,3,'seconds','6.619');
INSERT INTO "trial_user_attributes" VALUES(8,4,'seconds','143.038');
INSERT INTO "trial_user_attributes" VALUES(9,4,'val_loss','0.12800239431858063');
INSERT INTO "trial_user_attributes" VALUES(10,4,'round','16');
INSERT INTO "trial_user_attributes" VALUES(11,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(12,5,'seconds','156.226');
INSERT INTO "trial_user_attributes" VALUES(13,5,'val_loss','0.134744855761528');
INSERT INTO "trial_user_attributes" VALUES(14,5,'round','19');
INSERT INTO "trial_user_attributes" VALUES(15,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(16,6,'seconds','41.267');
INSERT INTO "trial_user_attributes" VALUES(17,7,'seconds','41.155');
INSERT INTO "trial_user_attributes" VALUES(18,8,'seconds','139.857');
INSERT INTO "trial_user_attributes" VALUES(19,8,'val_loss','0.12218253433704376');
INSERT INTO "trial_user_attributes" VALUES(20,8,'round','18');
INSERT INTO "trial_user_attributes" VALUES(21,8,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,9,'seconds','40.439');
INSERT INTO "trial_user_attributes" VALUES(23,10,'seconds','14.368');
INSERT INTO "trial_user_attributes" VALUES(24,12,'seconds','17.385');
INSERT INTO "trial_user_attributes" VALUES(25,13,'seconds','142.208');
INSERT INTO "trial_user_attributes" VALUES(26,13,'val_loss','0.11972565174102782');
INSERT INTO "trial_user_attributes" VALUES(27,13,'round','16');
INSERT INTO "trial_user_attributes" VALUES(28,13,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(29,14,'seconds','14.279');
INSERT INTO "trial_user_attributes" VALUES(30,15,'seconds','12.865');
INSERT INTO "trial_user_attributes" VALUES(31,16,'seconds','13.569');
INSERT INTO "trial_user_attributes" VALUES(32,17,'seconds','50.187');
INSERT INTO "trial_user_attributes" VALUES(33,18,'seconds','39.84');
INSERT INTO "trial_user_attributes" VALUES(34,19,'seconds','38.954');
INSERT INTO "trial_user_attributes" VALUES(35,20,'seconds','11.267');
INSERT INTO "trial_user_attributes" VALUES(36,21,'seconds','115.745');
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
INSERT INTO "trial_values" VALUES(1,1,0,8.93000000000000127009e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,0.318,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,9.70000000000000167643e-02,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,9.65000000000000190958e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,0.962,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,8.88000000000000122568e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,0.859,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,9.63000000000000078159e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,0.792,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,7.11000000000000076383e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,0.202,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,9.67000000000000192734e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,14,0,2.09999999999999964472e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,15,0,6.60999999999999920952e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,16,0,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,17,0,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,18,0,0.89,'FINITE');
INSERT INTO "trial_values" VALUES(18,19,0,8.44000000000000083488e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,20,0,0.126,'FINITE');
INSERT INTO "trial_values" VALUES(20,21,0,9.4600000000000006306e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-26 23:20:59.985294','2026-11-26 23:22:52.854879');
INSERT INTO "trials" VALUES(2,1,1,'PRUNED','2026-11-26 23:22:52.876228','2026-11-26 23:23:07.712342');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-26 23:23:07.727099','2026-11-26 23:23:14.381882');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-26 23:23:14.392479','2026-11-26 23:25:37.497424');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-26 23:25:37.508987','2026-11-26 23:28:13.787840');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-26 23:28:13.804697','2026-11-26 23:28:55.125705');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-26 23:28:55.138512','2026-11-26 23:29:36.335720');
INSERT INTO "trials" VALUES(8,7,1,'COMPLETE','2026-11-26 23:29:36.347415','2026-11-26 23:31:56.247041');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-26 23:31:56.258326','2026-11-26 23:32:36.735530');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-26 23:32:36.748190','2026-11-26 23:32:51.157387');
INSERT INTO "trials" VALUES(11,10,1,'FAIL','2026-11-26 23:32:51.174755','2026-11-27 02:09:56.143053');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 02:09:56.210682','2026-11-27 02:10:13.676649');
INSERT INTO "trials" VALUES(13,12,1,'COMPLETE','2026-11-27 02:10:13.692534','2026-11-27 02:12:35.960728');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 02:12:35.974555','2026-11-27 02:12:50.348038');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 02:12:50.411110','2026-11-27 02:13:03.519130');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 02:13:03.556605','2026-11-27 02:13:17.244703');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 02:13:17.270379','2026-11-27 02:14:07.540875');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 02:14:07.565983','2026-11-27 02:14:47.459195');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 02:14:47.474409','2026-11-27 02:15:26.497765');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 02:15:26.566361','2026-11-27 02:15:37.912614');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 02:15:37.980018','2026-11-27 02:17:33.879862');
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
